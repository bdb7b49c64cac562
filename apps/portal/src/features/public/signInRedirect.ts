import { paths } from '../../lib/paths';

/**
 * /signin.html (§2), the address of older magic links: with a token query value, to /auth/ with
 * the whole query string; otherwise to /auth.
 */
export function signInRedirectTarget(url: URL): string {
  return url.searchParams.has('token') ? `${paths.auth}/${url.search}` : paths.auth;
}
