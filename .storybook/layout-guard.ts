/**
 * The layout guard of the story tests (issue 13): after a story has rendered and played, it
 * looks at what a reader sees and reports three kinds of broken layout.
 *
 * - `sideways-scroll`: the document is wider than the viewport (WCAG 1.4.10 Reflow).
 * - `narrow-text`: a visible text run of `minTextLength`+ characters is laid out at fewer than
 *   `minCharsPerLine` characters a line (a squeezed column: one or two letters a line).
 * - `clipped-text`: visible text sticks out more than `tolerancePx` of the padding box of an
 *   ancestor whose overflow is hidden or clip, without an ellipsis (text-overflow: ellipsis for
 *   the x axis, -webkit-line-clamp for the y axis). Scroll containers (auto, scroll) are fine.
 *
 * It scans the story root and whatever the story portals into <body> (dialogs, popovers), not
 * Storybook's own chrome. The story tests run in the browser (Vitest's browser mode,
 * .storybook/vitest.setup.ts), so they call `inspectLayout` in the story's own document; what
 * the checks share (settings, tolerance, viewport width, computed styles, scan roots) travels in
 * a `GuardContext` parameter. `formatFindings` turns the result into the failure message.
 */

export type LayoutCheck = 'sideways-scroll' | 'narrow-text' | 'clipped-text';

export interface LayoutGuardSettings {
  /** Texts shorter than this (after collapsing white space) are not checked for narrowness. */
  minTextLength: number;
  /** Fewer characters a line than this fails. */
  minCharsPerLine: number;
  /** Rounding slack for the overflow checks, in CSS px. */
  tolerancePx: number;
  /** Elements matching this selector, and their contents, are not inspected (an allowed exception). */
  ignoreSelector: string | null;
  /** WCAG 1.4.12 text spacing, as a constructed style sheet adopted for the measurement. */
  textSpacing: boolean;
}

export interface LayoutFinding {
  check: LayoutCheck;
  /** A short CSS-ish path of the element (or the text's parent element). */
  path: string;
  /** The first characters of the text concerned. */
  text: string;
  /** What was measured, in words and CSS px. */
  detail: string;
}

export interface LayoutReport {
  viewportWidth: number;
  documentWidth: number;
  findings: LayoutFinding[];
  /** Text nodes looked at, and the time the inspection took in the page (ms). */
  textNodes: number;
  elapsedMs: number;
}

export const defaultLayoutGuardSettings: LayoutGuardSettings = {
  minTextLength: 24,
  minCharsPerLine: 7,
  tolerancePx: 1,
  ignoreSelector: null,
  textSpacing: false,
};

/**
 * WCAG 2.2 1.4.12 Text Spacing: line height 1.5 times the font size, letter spacing 0.12 em,
 * word spacing 0.16 em, spacing after paragraphs 2 em (the rules of the W3C's text-spacing
 * bookmarklet, !important so they win over the components' own styles).
 */
export const textSpacingCss = `
*, *::before, *::after {
  line-height: 1.5 !important;
  letter-spacing: 0.12em !important;
  word-spacing: 0.16em !important;
}
p { margin-bottom: 2em !important; }
`;

/** What the checks of one inspection share, passed to them as a parameter. */
interface GuardContext {
  settings: LayoutGuardSettings;
  /** `settings.tolerancePx`: rounding slack for the overflow checks, in CSS px. */
  tolerance: number;
  viewportWidth: number;
  /** Computed styles looked up so far (getComputedStyle once per element). */
  styles: Map<Element, CSSStyleDeclaration>;
  /** The story root and anything portalled into <body>. */
  scanRoots: Element[];
}

/** A text that reaches past the right edge of the viewport (for the sideways-scroll check). */
interface TextPastEdge {
  element: Element;
  right: number;
  text: string;
}

/** A box or text that reaches past the right edge of the viewport. */
interface SidewaysOffender extends TextPastEdge {
  path: string;
}

/** Runs in the page: two animation frames. */
function nextFrames(): Promise<unknown> {
  return new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
}

/** Runs in the page: waits for web fonts, images and two animation frames. */
async function settlePage(): Promise<void> {
  await document.fonts.ready;
  await Promise.all(
    Array.from(document.images).map((image) =>
      image.complete ? null : image.decode().catch(() => null),
    ),
  );
  await nextFrames();
}

/**
 * Runs in the page: adopts the text-spacing sheet, a constructed CSSStyleSheet (the product's CSP
 * forbids injected <style> elements), and waits two animation frames for it to apply.
 */
async function adoptTextSpacing(css: string): Promise<CSSStyleSheet> {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(css);
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  await nextFrames();
  return sheet;
}

/** Runs in the page: removes the text-spacing sheet again. */
function removeTextSpacing(sheet: CSSStyleSheet): void {
  document.adoptedStyleSheets = document.adoptedStyleSheets.filter((each) => each !== sheet);
}

/** Runs in the page: the context of one inspection of the settled page. */
function guardContext(settings: LayoutGuardSettings): GuardContext {
  // What to scan: the story root and anything portalled into <body>, not Storybook's chrome
  // (the same rule as the screenshot area of vitest.setup.ts).
  const storybookChrome =
    'script, style, link, template, #storybook-docs, #storybook-highlights-root, [class^="sb-"]';
  const scanRoots = Array.from(document.body.children).filter(
    (element) => element.id === 'storybook-root' || !element.matches(storybookChrome),
  );
  return {
    settings,
    tolerance: settings.tolerancePx,
    viewportWidth: document.documentElement.clientWidth,
    styles: new Map<Element, CSSStyleDeclaration>(),
    scanRoots,
  };
}

/** Runs in the page: the element's computed style, from the context's cache. */
function styleOf(context: GuardContext, element: Element): CSSStyleDeclaration {
  let style = context.styles.get(element);
  if (!style) {
    style = getComputedStyle(element);
    context.styles.set(element, style);
  }
  return style;
}

/** Runs in the page: an overflow value that cuts content off without scrolling. */
function clips(value: string): boolean {
  return value === 'hidden' || value === 'clip';
}

/** Runs in the page: the element is (inside) the story's allowed exception. */
function ignoredByGuard(context: GuardContext, element: Element): boolean {
  const { ignoreSelector } = context.settings;
  return ignoreSelector !== null && element.closest(ignoreSelector) !== null;
}

/** Runs in the page: one step of a path, e.g. `div[role="note"].card`. */
function describeElement(element: Element): string {
  let part = element.tagName.toLowerCase();
  if (element.id && !/^(react-aria|:r)/.test(element.id) && !/\d{3,}/.test(element.id)) {
    part += `#${element.id}`;
  }
  for (const name of ['role', 'data-testid', 'aria-label', 'name']) {
    const value = element.getAttribute(name);
    if (value) {
      part += `[${name}="${value.length > 24 ? `${value.slice(0, 23)}…` : value}"]`;
      break;
    }
  }
  const data = Array.from(element.attributes).find(
    (attribute) =>
      attribute.name.startsWith('data-') &&
      !['data-testid', 'data-rac', 'data-react-aria-pressable'].includes(attribute.name) &&
      attribute.value.length <= 24,
  );
  if (data) part += data.value ? `[${data.name}="${data.value}"]` : `[${data.name}]`;
  const firstClass = element.classList[0];
  if (firstClass) part += `.${firstClass}`;
  return part;
}

/** Runs in the page: a short CSS-ish path of the element, up to the story root or five steps. */
function pathOf(element: Element): string {
  const parts: string[] = [];
  let current: Element | null = element;
  while (current && current !== document.body && parts.length < 5) {
    parts.unshift(describeElement(current));
    if (current.id === 'storybook-root') break;
    current = current.parentElement;
  }
  return `${current && current !== document.body && current.id !== 'storybook-root' ? '… > ' : ''}${parts.join(' > ')}`;
}

/** Runs in the page: the first characters of a text. */
function snippet(text: string): string {
  return text.length > 48 ? `${text.slice(0, 47)}…` : text;
}

/** Runs in the page: a length in whole CSS px. */
function px(value: number): string {
  return `${Math.round(value)} px`;
}

/**
 * Runs in the page: true when a clipping ancestor shrinks the text to nothing: the
 * visually-hidden pattern.
 */
function hiddenByClip(context: GuardContext, element: Element): boolean {
  for (
    let node: Element | null = element;
    node && node !== document.body;
    node = node.parentElement
  ) {
    const style = styleOf(context, node);
    const clipped =
      clips(style.overflowX) ||
      clips(style.overflowY) ||
      (style.clip !== 'auto' && style.clip !== '') ||
      style.clipPath !== 'none';
    if (!clipped) continue;
    const box = node.getBoundingClientRect();
    if (box.width <= 1 || box.height <= 1) return true;
    if (style.clipPath.startsWith('inset(50%')) return true;
    if (/rect\(0(px)?,? 0(px)?,? 0(px)?,? 0(px)?\)/.test(style.clip)) return true;
  }
  return false;
}

/**
 * Runs in the page: the fragments of a text node a reader sees, or null when the guard leaves
 * the text out (empty, not text of the page, ignored, invisible or visually hidden).
 */
function visibleTextRects(
  context: GuardContext,
  node: Node,
  parent: Element,
  text: string,
): DOMRect[] | null {
  if (text === '') return null;
  if (parent.closest('script, style, template, noscript, title, option, textarea')) return null;
  if (ignoredByGuard(context, parent)) return null;
  if (
    !parent.checkVisibility({
      visibilityProperty: true,
      checkVisibilityCSS: true,
      contentVisibilityAuto: true,
    })
  ) {
    return null;
  }
  const range = document.createRange();
  range.selectNodeContents(node);
  const rects = Array.from(range.getClientRects()).filter(
    (rect) => rect.width >= 0.5 && rect.height >= 0.5,
  );
  if (rects.length === 0) return null;
  if (hiddenByClip(context, parent)) return null;
  return rects;
}

/**
 * Runs in the page. Text nodes: narrow text and clipped text; texts past the right edge for
 * sideways scroll.
 */
function scanTexts(context: GuardContext): {
  textNodes: number;
  textPastEdge: TextPastEdge[];
  findings: LayoutFinding[];
} {
  let textNodes = 0;
  const textPastEdge: TextPastEdge[] = [];
  const findings: LayoutFinding[] = [];
  for (const scanRoot of context.scanRoots) {
    const walker = document.createTreeWalker(scanRoot, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent) continue;
      const text = (node.textContent ?? '').replace(/\s+/g, ' ').trim();
      const rects = visibleTextRects(context, node, parent, text);
      if (!rects) continue;
      textNodes += 1;
      const textRight = Math.max(...rects.map((rect) => rect.right));
      if (textRight > context.viewportWidth + context.tolerance) {
        textPastEdge.push({ element: parent, right: textRight, text: snippet(text) });
      }
      const narrow = narrowText(context, node, parent, text, rects);
      if (narrow) findings.push(narrow);
      const clipped = clippedText(context, parent, text, rects);
      if (clipped) findings.push(clipped);
    }
  }
  return { textNodes, textPastEdge, findings };
}

/** Runs in the page. Narrow text: group the fragments into lines by their vertical position. */
function narrowText(
  context: GuardContext,
  node: Node,
  parent: Element,
  text: string,
  rects: DOMRect[],
): LayoutFinding | null {
  const { settings } = context;
  if (text.length < settings.minTextLength) return null;
  const sorted = [...rects].sort((a, b) => a.top - b.top);
  let lines = 0;
  let lineBottom = Number.NEGATIVE_INFINITY;
  for (const rect of sorted) {
    const middle = (rect.top + rect.bottom) / 2;
    if (middle > lineBottom) {
      lines += 1;
      lineBottom = rect.bottom;
    } else {
      lineBottom = Math.max(lineBottom, rect.bottom);
    }
  }
  const style = styleOf(context, parent);
  const keepsBreaks = /^(pre|pre-wrap|pre-line|break-spaces)$/.test(style.whiteSpace);
  const hardLines = keepsBreaks
    ? (node.textContent ?? '').split('\n').filter((line) => line.trim() !== '').length
    : 1;
  const charsPerLine = text.length / lines;
  if (lines > hardLines && charsPerLine < settings.minCharsPerLine) {
    const widest = Math.max(...rects.map((rect) => rect.width));
    return {
      check: 'narrow-text',
      path: pathOf(parent),
      text: snippet(text),
      detail: `${text.length} characters on ${lines} lines (${charsPerLine.toFixed(1)} a line, minimum ${settings.minCharsPerLine}); the widest line is ${px(widest)}, its box ${px(parent.getBoundingClientRect().width)} wide`,
    };
  }
  return null;
}

/**
 * Runs in the page. Clipped text: any rect outside the padding box of a hidden/clip ancestor
 * (the nearest such ancestor that cuts it off is named).
 */
function clippedText(
  context: GuardContext,
  parent: Element,
  text: string,
  rects: DOMRect[],
): LayoutFinding | null {
  const { tolerance } = context;
  for (
    let ancestor: Element | null = parent;
    ancestor && ancestor !== document.documentElement;
    ancestor = ancestor.parentElement
  ) {
    const style = styleOf(context, ancestor);
    const clipX = clips(style.overflowX);
    const clipY = clips(style.overflowY);
    if (!clipX && !clipY) continue;
    const box = ancestor.getBoundingClientRect();
    const left = box.left + Number.parseFloat(style.borderLeftWidth);
    const right = box.right - Number.parseFloat(style.borderRightWidth);
    const top = box.top + Number.parseFloat(style.borderTopWidth);
    const bottom = box.bottom - Number.parseFloat(style.borderBottomWidth);
    const minLeft = Math.min(...rects.map((rect) => rect.left));
    const maxRight = Math.max(...rects.map((rect) => rect.right));
    const minTop = Math.min(...rects.map((rect) => rect.top));
    const maxBottom = Math.max(...rects.map((rect) => rect.bottom));
    const sides: string[] = [];
    if (clipX && style.textOverflow !== 'ellipsis') {
      if (left - minLeft > tolerance) sides.push(`${px(left - minLeft)} left`);
      if (maxRight - right > tolerance) sides.push(`${px(maxRight - right)} right`);
    }
    const lineClamp =
      (style as CSSStyleDeclaration & { webkitLineClamp?: string }).webkitLineClamp ?? 'none';
    if (clipY && lineClamp === 'none') {
      if (top - minTop > tolerance) sides.push(`${px(top - minTop)} above`);
      if (maxBottom - bottom > tolerance) sides.push(`${px(maxBottom - bottom)} below`);
    }
    if (sides.length > 0) {
      return {
        check: 'clipped-text',
        path: pathOf(parent),
        text: snippet(text),
        detail: `cut off ${sides.join(', ')} by ${ancestor === parent ? 'its own box' : pathOf(ancestor)} (overflow ${style.overflowX} ${style.overflowY}, padding box ${px(right - left)} x ${px(bottom - top)}; text ${px(maxRight - minLeft)} x ${px(maxBottom - minTop)}) without an ellipsis`,
      };
    }
  }
  return null;
}

/**
 * Runs in the page: true when no ancestor up to <body> scrolls or clips the element sideways, or
 * fixes it to the viewport, so that it widens the document.
 */
function escapesToDocument(context: GuardContext, element: Element): boolean {
  for (
    let node = element.parentElement;
    node && node !== document.body;
    node = node.parentElement
  ) {
    const style = styleOf(context, node);
    if (style.overflowX !== 'visible') return false;
    if (style.position === 'fixed') return false;
  }
  return true;
}

/**
 * Runs in the page: the outermost boxes past the right edge that widen the document, and how many
 * boxes past the edge the story's exception (layoutGuard.ignore) covers.
 */
function boxesPastEdge(context: GuardContext): {
  offenders: SidewaysOffender[];
  ignoredPastEdge: number;
} {
  const { viewportWidth, tolerance } = context;
  const offenders: SidewaysOffender[] = [];
  let ignoredPastEdge = 0;
  for (const scanRoot of context.scanRoots) {
    for (const element of [scanRoot, ...Array.from(scanRoot.querySelectorAll('*'))]) {
      const box = element.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue;
      if (box.right <= viewportWidth + tolerance) continue;
      if (ignoredByGuard(context, element)) {
        ignoredPastEdge += 1;
        continue;
      }
      const parentBox = element.parentElement?.getBoundingClientRect();
      const parentInside =
        !parentBox ||
        element.parentElement === document.body ||
        parentBox.right <= viewportWidth + tolerance;
      if (!parentInside || !escapesToDocument(context, element)) continue;
      offenders.push({
        element,
        right: box.right,
        path: pathOf(element),
        text: snippet((element.textContent ?? '').replace(/\s+/g, ' ').trim()),
      });
    }
  }
  return { offenders, ignoredPastEdge };
}

/**
 * Runs in the page. Sideways scroll: name the boxes and texts that reach past the viewport,
 * outermost first.
 */
function sidewaysScroll(
  context: GuardContext,
  documentWidth: number,
  textPastEdge: TextPastEdge[],
): LayoutFinding | null {
  const { viewportWidth, tolerance } = context;
  if (documentWidth <= viewportWidth + tolerance) return null;
  const { offenders, ignoredPastEdge } = boxesPastEdge(context);
  // A long word can stick out of a box that itself fits.
  for (const entry of textPastEdge) {
    if (styleOf(context, entry.element).overflowX !== 'visible') continue;
    if (!escapesToDocument(context, entry.element)) continue;
    if (offenders.some((offender) => offender.element.contains(entry.element))) continue;
    offenders.push({ ...entry, path: pathOf(entry.element) });
  }
  offenders.sort((a, b) => b.right - a.right);
  // Only the story's own exception (layoutGuard.ignore) reaches past the edge: allowed.
  const allowed = offenders.length === 0 && ignoredPastEdge > 0;
  if (allowed) return null;
  const listed = offenders
    .slice(0, 5)
    .map(
      (offender) =>
        `${offender.path} reaches ${px(offender.right)}${offender.text ? ` ("${offender.text}")` : ''}`,
    );
  return {
    check: 'sideways-scroll',
    path: 'html',
    text: '',
    detail: `the document is ${px(documentWidth)} wide in a ${px(viewportWidth)} viewport${
      listed.length > 0
        ? `; boxes past the right edge (first of ${offenders.length}): ${listed.join('; ')}`
        : ''
    }`,
  };
}

/** Runs in the page: measures the settled page and reports (a sideways scroll comes first). */
function reportLayout(settings: LayoutGuardSettings): LayoutReport {
  const started = performance.now();
  const context = guardContext(settings);
  const documentWidth = document.documentElement.scrollWidth;
  const { textNodes, textPastEdge, findings } = scanTexts(context);
  const sideways = sidewaysScroll(context, documentWidth, textPastEdge);
  if (sideways) findings.unshift(sideways);
  return {
    viewportWidth: context.viewportWidth,
    documentWidth,
    findings,
    textNodes,
    elapsedMs: performance.now() - started,
  };
}

/** What one check of the guard needs: the settings and the text-spacing style sheet's CSS. */
export interface LayoutGuardArgs {
  settings: LayoutGuardSettings;
  css: string;
}

/**
 * Settles the page (web fonts, images, two animation frames), optionally adopts the text-spacing
 * sheet (a constructed CSSStyleSheet: the product's CSP forbids injected <style> elements),
 * measures, and removes the sheet again.
 */
export async function inspectLayout(args: LayoutGuardArgs): Promise<LayoutReport> {
  const { settings, css } = args;
  await settlePage();
  const sheet = settings.textSpacing ? await adoptTextSpacing(css) : null;
  try {
    return reportLayout(settings);
  } finally {
    if (sheet) removeTextSpacing(sheet);
  }
}

/** The failure message: one line per finding, then what to do about it. */
export function formatFindings(report: LayoutReport, situation: string): string {
  const lines = report.findings.map(
    (finding) =>
      `  - ${finding.check}: ${finding.text ? `"${finding.text}" at ` : ''}${
        finding.check === 'sideways-scroll' ? '' : `${finding.path}: `
      }${finding.detail}`,
  );
  return [
    `Layout guard, ${situation}: ${report.findings.length} problem${report.findings.length === 1 ? '' : 's'}`,
    ...lines,
    '  Fix the layout (a readable width for text, no clipping without an ellipsis, no sideways',
    '  scroll), or give the story parameters.testRunner.layoutGuard with a reason (see vitest.setup.ts).',
  ].join('\n');
}
