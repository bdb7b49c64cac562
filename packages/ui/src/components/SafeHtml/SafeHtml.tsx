import createDOMPurify, { type DOMPurify } from 'dompurify';
import { useMemo } from 'react';
import { Stack } from '../Stack/Stack';
import * as styles from './SafeHtml.css';

export interface SafeHtmlProps {
  /** Untrusted HTML from the server (an announcement or task message). */
  html: string;
  /** Layout only (placement, margins), from the caller's own `.css.ts`. */
  className?: string;
}

let purifier: DOMPurify | null = null;

/**
 * A private DOMPurify instance, so the link hook below does not change how other code that uses
 * the shared default instance sanitises.
 */
function getPurifier(): DOMPurify {
  if (purifier) return purifier;
  const instance = createDOMPurify(window);
  // DOMPurify keeps target="_blank"; such links must not hand the opener to the new page.
  instance.addHook('afterSanitizeAttributes', (node) => {
    if (node instanceof HTMLAnchorElement && node.getAttribute('target') === '_blank') {
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
  purifier = instance;
  return instance;
}

/**
 * Sanitises untrusted HTML with DOMPurify: scripts, event-handler attributes, javascript: URLs,
 * forms and their fields, style sheets, inline styles and frames never survive (they would break
 * the product's look or could phish). Exported for callers that need the string.
 */
export function sanitizeHtml(html: string): string {
  return getPurifier().sanitize(html, {
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
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return (
    <Stack
      gap="sm"
      className={[styles.richText, className].filter(Boolean).join(' ')}
      // Sanitised by DOMPurify just above: the only place untrusted HTML enters the page.
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
