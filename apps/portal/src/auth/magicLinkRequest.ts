// §2 auth: 'Send Magic Link' asks the server for a link with a plain POST that speaks the callable
// protocol (sendEmailSignInLink is public: no bearer). No Firebase SDK: /auth loads it only when a
// link's token arrives or a session may exist (src/app/prerenderedPages.tsx).
import { callOverHttp } from '@tutoring/api/callable-protocol';
import { apiBaseUrl } from '../config/api';
import type { MagicLinkRequest } from '../lib/services/sessionState';

/**
 * Sends the link; rejects with the callable's error (`functions/<code>` and the server's message,
 * 'deadline-exceeded' after §9's 70 s), which describeSignInFailure turns into the screen's banner.
 */
export async function requestMagicLink(
  data: MagicLinkRequest,
  fetch?: typeof globalThis.fetch,
): Promise<void> {
  await callOverHttp('sendEmailSignInLink', data, {
    baseUrl: new URL(apiBaseUrl, window.location.origin).href,
    ...(fetch ? { fetch } : {}),
  });
}
