/**
 * The layout guard of the test runner (issue 13): after a story has rendered and played, it
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
 * Storybook's own chrome. `inspectLayout` runs inside the page (one `page.evaluate` per check, so
 * it must not refer to anything outside itself); `formatFindings` turns its result into the
 * failure message in Node.
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

/**
 * Runs in the page. Settles the page (web fonts, images, two animation frames), optionally adopts
 * the text-spacing sheet (a constructed CSSStyleSheet: the product's CSP forbids injected <style>
 * elements), measures, and removes the sheet again. Self-contained on purpose: Playwright sends
 * only this function's source to the page.
 */
export async function inspectLayout(args: {
  settings: LayoutGuardSettings;
  css: string;
}): Promise<LayoutReport> {
  const { settings, css } = args;
  await document.fonts.ready;
  await Promise.all(
    Array.from(document.images).map((image) =>
      image.complete ? null : image.decode().catch(() => null),
    ),
  );
  const frames = () =>
    new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  await frames();

  let sheet: CSSStyleSheet | null = null;
  if (settings.textSpacing) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    await frames();
  }
  try {
    const started = performance.now();
    const tolerance = settings.tolerancePx;
    const root = document.documentElement;
    const viewportWidth = root.clientWidth;
    const documentWidth = root.scrollWidth;
    const findings: LayoutFinding[] = [];

    // What to scan: the story root and anything portalled into <body>, not Storybook's chrome
    // (the same rule as the screenshot area of test-runner.ts).
    const storybookChrome =
      'script, style, link, template, #storybook-docs, #storybook-highlights-root, [class^="sb-"]';
    const scanRoots = Array.from(document.body.children).filter(
      (element) => element.id === 'storybook-root' || !element.matches(storybookChrome),
    );
    const ignored = (element: Element) =>
      settings.ignoreSelector !== null && element.closest(settings.ignoreSelector) !== null;

    const styles = new Map<Element, CSSStyleDeclaration>();
    const styleOf = (element: Element) => {
      let style = styles.get(element);
      if (!style) {
        style = getComputedStyle(element);
        styles.set(element, style);
      }
      return style;
    };
    const clips = (value: string) => value === 'hidden' || value === 'clip';

    const describe = (element: Element) => {
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
    };
    const pathOf = (element: Element) => {
      const parts: string[] = [];
      let current: Element | null = element;
      while (current && current !== document.body && parts.length < 5) {
        parts.unshift(describe(current));
        if (current.id === 'storybook-root') break;
        current = current.parentElement;
      }
      return `${current && current !== document.body && current.id !== 'storybook-root' ? '… > ' : ''}${parts.join(' > ')}`;
    };
    const snippet = (text: string) => (text.length > 48 ? `${text.slice(0, 47)}…` : text);
    const px = (value: number) => `${Math.round(value)} px`;

    /** True when a clipping ancestor shrinks the text to nothing: the visually-hidden pattern. */
    const hiddenByClip = (element: Element) => {
      for (
        let node: Element | null = element;
        node && node !== document.body;
        node = node.parentElement
      ) {
        const style = styleOf(node);
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
    };

    // Text nodes: narrow text and clipped text; texts past the right edge for sideways scroll.
    let textNodes = 0;
    const textPastEdge: { element: Element; right: number; text: string }[] = [];
    for (const scanRoot of scanRoots) {
      const walker = document.createTreeWalker(scanRoot, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (!parent) continue;
        const text = (node.textContent ?? '').replace(/\s+/g, ' ').trim();
        if (text === '') continue;
        if (parent.closest('script, style, template, noscript, title, option, textarea')) continue;
        if (ignored(parent)) continue;
        if (
          !parent.checkVisibility({
            visibilityProperty: true,
            checkVisibilityCSS: true,
            contentVisibilityAuto: true,
          })
        ) {
          continue;
        }
        const range = document.createRange();
        range.selectNodeContents(node);
        const rects = Array.from(range.getClientRects()).filter(
          (rect) => rect.width >= 0.5 && rect.height >= 0.5,
        );
        if (rects.length === 0) continue;
        if (hiddenByClip(parent)) continue;
        textNodes += 1;
        const textRight = Math.max(...rects.map((rect) => rect.right));
        if (textRight > viewportWidth + tolerance) {
          textPastEdge.push({ element: parent, right: textRight, text: snippet(text) });
        }

        // Narrow text: group the fragments into lines by their vertical position.
        if (text.length >= settings.minTextLength) {
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
          const style = styleOf(parent);
          const keepsBreaks = /^(pre|pre-wrap|pre-line|break-spaces)$/.test(style.whiteSpace);
          const hardLines = keepsBreaks
            ? (node.textContent ?? '').split('\n').filter((line) => line.trim() !== '').length
            : 1;
          const charsPerLine = text.length / lines;
          if (lines > hardLines && charsPerLine < settings.minCharsPerLine) {
            const widest = Math.max(...rects.map((rect) => rect.width));
            findings.push({
              check: 'narrow-text',
              path: pathOf(parent),
              text: snippet(text),
              detail: `${text.length} characters on ${lines} lines (${charsPerLine.toFixed(1)} a line, minimum ${settings.minCharsPerLine}); the widest line is ${px(widest)}, its box ${px(parent.getBoundingClientRect().width)} wide`,
            });
          }
        }

        // Clipped text: any rect outside the padding box of a hidden/clip ancestor.
        for (
          let ancestor: Element | null = parent;
          ancestor && ancestor !== document.documentElement;
          ancestor = ancestor.parentElement
        ) {
          const style = styleOf(ancestor);
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
            findings.push({
              check: 'clipped-text',
              path: pathOf(parent),
              text: snippet(text),
              detail: `cut off ${sides.join(', ')} by ${ancestor === parent ? 'its own box' : pathOf(ancestor)} (overflow ${style.overflowX} ${style.overflowY}, padding box ${px(right - left)} x ${px(bottom - top)}; text ${px(maxRight - minLeft)} x ${px(maxBottom - minTop)}) without an ellipsis`,
            });
            break;
          }
        }
      }
    }

    // Sideways scroll: name the boxes and texts that reach past the viewport, outermost first.
    if (documentWidth > viewportWidth + tolerance) {
      const offenders: { element: Element; right: number; path: string; text: string }[] = [];
      const escapes = (element: Element) => {
        for (
          let node = element.parentElement;
          node && node !== document.body;
          node = node.parentElement
        ) {
          const style = styleOf(node);
          if (style.overflowX !== 'visible') return false;
          if (style.position === 'fixed') return false;
        }
        return true;
      };
      let ignoredPastEdge = 0;
      for (const scanRoot of scanRoots) {
        for (const element of [scanRoot, ...Array.from(scanRoot.querySelectorAll('*'))]) {
          const box = element.getBoundingClientRect();
          if (box.width <= 1 || box.height <= 1) continue;
          if (box.right <= viewportWidth + tolerance) continue;
          if (ignored(element)) {
            ignoredPastEdge += 1;
            continue;
          }
          const parentBox = element.parentElement?.getBoundingClientRect();
          const parentInside =
            !parentBox ||
            element.parentElement === document.body ||
            parentBox.right <= viewportWidth + tolerance;
          if (!parentInside || !escapes(element)) continue;
          offenders.push({
            element,
            right: box.right,
            path: pathOf(element),
            text: snippet((element.textContent ?? '').replace(/\s+/g, ' ').trim()),
          });
        }
      }
      // A long word can stick out of a box that itself fits.
      for (const entry of textPastEdge) {
        if (styleOf(entry.element).overflowX !== 'visible' || !escapes(entry.element)) continue;
        if (offenders.some((offender) => offender.element.contains(entry.element))) continue;
        offenders.push({ ...entry, path: pathOf(entry.element) });
      }
      offenders.sort((a, b) => b.right - a.right);
      // Only the story's own exception (layoutGuard.ignore) reaches past the edge: allowed.
      const allowed = offenders.length === 0 && ignoredPastEdge > 0;
      const listed = offenders
        .slice(0, 5)
        .map(
          (offender) =>
            `${offender.path} reaches ${px(offender.right)}${offender.text ? ` ("${offender.text}")` : ''}`,
        );
      if (!allowed)
        findings.unshift({
          check: 'sideways-scroll',
          path: 'html',
          text: '',
          detail: `the document is ${px(documentWidth)} wide in a ${px(viewportWidth)} viewport${
            listed.length > 0
              ? `; boxes past the right edge (first of ${offenders.length}): ${listed.join('; ')}`
              : ''
          }`,
        });
    }

    return {
      viewportWidth,
      documentWidth,
      findings,
      textNodes,
      elapsedMs: performance.now() - started,
    };
  } finally {
    if (sheet) {
      const added = sheet;
      document.adoptedStyleSheets = document.adoptedStyleSheets.filter((each) => each !== added);
    }
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
    '  scroll), or give the story parameters.testRunner.layoutGuard with a reason (see test-runner.ts).',
  ].join('\n');
}
