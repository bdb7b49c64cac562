/** Longest URL shown as link text before it is cut (spec §5). */
export const displayUrlMaxLength = 50;

/**
 * Gives a link without a scheme the https:// prefix (spec §5: announcement and task links
 * lacking http or https). Surrounding whitespace is dropped; an http:// or https:// link (any
 * letter case) is kept as it is.
 */
export function withHttps(url: string): string {
  const trimmed = url.trim();
  if (/^https?:\/\//i.test(trimmed)) return trimmed;
  return `https://${trimmed.replace(/^\/+/, '')}`;
}

/**
 * The text a URL is displayed with: up to 50 characters, and when longer the first 50 plus '…'
 * (spec §5). Counts UTF-16 code units, as the original portal does with `String.slice`.
 */
export function displayUrl(url: string, maxLength: number = displayUrlMaxLength): string {
  return url.length > maxLength ? `${url.slice(0, maxLength)}…` : url;
}
