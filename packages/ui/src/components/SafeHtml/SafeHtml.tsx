import DOMPurify, { type Config } from 'dompurify';
import { useMemo } from 'react';
import * as styles from './SafeHtml.css';

export interface SafeHtmlProps {
  /** Untrusted HTML from the server (an announcement or task message). */
  html: string;
  /** Layout only (placement, margins), from the caller's own `.css.ts`. */
  className?: string;
}

/*
 * Scripts, event-handler attributes, javascript: URLs, forms and inline styles never survive:
 * DOMPurify keeps the safe HTML profile and we also drop what would break the product's look or
 * could phish (forms and their fields, style sheets, inline styles).
 */
const sanitizeConfig: Config = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: ['style', 'form', 'input', 'button', 'select', 'textarea', 'iframe'],
  FORBID_ATTR: ['style'],
};

/** Sanitises untrusted HTML with DOMPurify; exported for callers that need the string. */
export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, sanitizeConfig);
}

/**
 * Renders server-provided HTML after sanitising it with DOMPurify inside this component, so no
 * caller can forget to: `<script>`, `onerror` and `javascript:` payloads are inert. Typography of
 * the rich text (paragraphs, lists, links) comes from the theme.
 */
export function SafeHtml({ html, className }: SafeHtmlProps) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return (
    <div
      className={[styles.richText, className].filter(Boolean).join(' ')}
      // Sanitised by DOMPurify just above: the only place untrusted HTML enters the page.
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
