import type { DOMPurify } from 'dompurify';
import { useEffect, useMemo, useState } from 'react';
import { Stack } from '../Stack/Stack';
import * as styles from './SafeHtml.css';

export interface SafeHtmlProps {
  /** Untrusted HTML from the server (an announcement or task message). */
  html: string;
  /** Layout only (placement, margins), from the caller's own `.css.ts`. */
  className?: string;
}

let purifier: DOMPurify | null = null;
let purifierDownload: Promise<DOMPurify> | null = null;

/**
 * DOMPurify, downloaded the first time a page has server HTML to show rather than with the code of
 * a signed-in area's first screen, whose stat cards, students and messages need none of it (issue
 * 39: 28 kB of script before the dashboard's first screen on a phone). A private instance, so the link hook below does not change
 * how other code that uses the shared default instance sanitises. Storybook waits for it before
 * each story (.storybook/preview.tsx), so a story renders as the page does once it is here.
 */
export function loadHtmlSanitizer(): Promise<DOMPurify> {
  purifierDownload ??= import('dompurify').then(
    ({ default: createDOMPurify }) => {
      const instance = createDOMPurify(window);
      // DOMPurify keeps target="_blank"; such links must not hand the opener to the new page.
      instance.addHook('afterSanitizeAttributes', (node) => {
        if (node instanceof HTMLAnchorElement && node.getAttribute('target') === '_blank') {
          node.setAttribute('rel', 'noopener noreferrer');
        }
      });
      purifier = instance;
      return instance;
    },
    (error: unknown) => {
      // A later SafeHtml asks again (the network may be back).
      purifierDownload = null;
      throw error;
    },
  );
  return purifierDownload;
}

/**
 * Sanitises untrusted HTML with DOMPurify: scripts, event-handler attributes, javascript: URLs,
 * forms and their fields, style sheets, inline styles and frames never survive (they would break
 * the product's look or could phish).
 */
function sanitizeHtml(sanitizer: DOMPurify, html: string): string {
  return sanitizer.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'select', 'textarea', 'iframe'],
    FORBID_ATTR: ['style'],
    // Kept so announcement links can open a new tab; the hook above adds rel="noopener".
    ADD_ATTR: ['target'],
  });
}

/**
 * Renders server-provided HTML after sanitising it with DOMPurify inside this component, so no
 * caller can forget to: `<script>`, `onerror` and `javascript:` payloads are inert. Typography of
 * the rich text (paragraphs, lists, links) comes from the theme.
 */
export function SafeHtml({ html, className }: SafeHtmlProps) {
  // Whether DOMPurify is here (the instance itself is a function, which React's state would call).
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>(
    purifier ? 'ready' : 'loading',
  );
  useEffect(() => {
    if (status !== 'loading') return;
    let mounted = true;
    loadHtmlSanitizer().then(
      () => mounted && setStatus('ready'),
      () => mounted && setStatus('failed'),
    );
    return () => {
      mounted = false;
    };
  }, [status]);
  // Nothing of the HTML is shown until it is sanitised.
  const clean = useMemo(
    () => (status === 'ready' && purifier ? sanitizeHtml(purifier, html) : ''),
    [status, html],
  );
  const classNames = [styles.richText, className].filter(Boolean).join(' ');
  if (status === 'failed') {
    return (
      <Stack gap="sm" className={classNames}>
        <p>This message could not be shown. Reload the page to try again.</p>
      </Stack>
    );
  }
  return (
    <Stack
      gap="sm"
      className={classNames}
      aria-busy={status === 'loading' ? true : undefined}
      // Sanitised by DOMPurify just above: the only place untrusted HTML enters the page.
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
