// A signed-in visit's first API requests, sent as soon as the app's entry runs, with the session's
// stored ID token (§3 session storage keys), instead of after Firebase has restored the session.
// On a phone Firebase reports the session a second or more after the entry has run: its SDK
// downloads, starts, and asks the Auth server about the user first (`pnpm bench:web --only
// screens`). The API client (productionServices.ts) takes each answer once, when it sends the same
// request with a token of the same user; anything else goes to the network as before. The server
// checks the stored token like any other: nothing here trusts it more than a request would.
import { isIdTokenExpired, readIdTokenClaims } from '../auth/idTokenClaims';
import { sessionStorageKeys } from '../auth/sessionStorageKeys';
import { apiBaseUrl } from '../config/api';
import { isInArea, paths } from '../lib/paths';

interface EarlyRequest {
  /** The Firebase user id of the token it was sent with. */
  readonly uid: string;
  readonly sentAtMs: number;
  /** Null when the request failed on the network. */
  readonly response: Promise<Response | null>;
}

/** An answer older than this is not used: the data may have changed since (the layout's 60 s). */
const maxAgeMs = 30_000;
const messengerPathPattern = /^\/tutoring\/messenger\/([^/]+)\/?$/;

const earlyRequests = new Map<string, EarlyRequest>();

function requestKey(method: string, url: string, body: string): string {
  return `${method} ${new URL(url, window.location.href).href} ${body}`;
}

interface PlannedRequest {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  /** As the API client serialises the JSON body; '' for none. */
  readonly body: string;
}

/**
 * The requests a visit to `pathname` makes first, and the stored token it may send them with: a
 * tutoring page's layout data (and an open chat's first load) with the Google session's token; an
 * onboarding page's record with the magic session's token and the e-mail of its claim (§4).
 */
function plannedRequests(pathname: string): { idToken: string; requests: PlannedRequest[] } | null {
  const magicIdToken = localStorage.getItem(sessionStorageKeys.magicIdToken);
  const magicUserId = localStorage.getItem(sessionStorageKeys.magicUserId);
  if (isInArea(pathname, paths.tutoring)) {
    // An applicant's magic session is not a tutor's: the area sends it to sign in.
    const idToken = localStorage.getItem(sessionStorageKeys.idToken);
    if (!idToken || magicUserId !== null) return null;
    const requests: PlannedRequest[] = [
      { method: 'GET', path: '/tutor', body: '' },
      { method: 'GET', path: '/portal-announcement', body: '' },
      { method: 'GET', path: '/action-item', body: '' },
    ];
    const chat = messengerPathPattern.exec(pathname);
    if (chat?.[1]) {
      const studentId = decodeURIComponent(chat[1]);
      requests.push({
        method: 'POST',
        path: '/tutor/messages',
        body: JSON.stringify({ studentId }),
      });
    }
    return { idToken, requests };
  }
  if (isInArea(pathname, paths.onboarding) && magicIdToken && magicUserId) {
    const claims = readIdTokenClaims(magicIdToken);
    if (claims?.subject !== magicUserId || !claims.applicantEmail) return null;
    const body = JSON.stringify({ email: claims.applicantEmail });
    return {
      idToken: magicIdToken,
      requests: [{ method: 'POST', path: '/onboarding-tutor', body }],
    };
  }
  return null;
}

/**
 * Starts the first requests of a visit to a signed-in area, when a session's token is stored and
 * has not expired.
 */
export function startEarlyApiRequests(pathname: string, nowMs = Date.now()): void {
  const planned = plannedRequests(pathname);
  if (!planned) return;
  const { idToken, requests } = planned;
  const uid = readIdTokenClaims(idToken)?.subject;
  if (!uid || isIdTokenExpired(idToken, nowMs)) return;
  for (const { method, path, body } of requests) {
    const url = `${apiBaseUrl}${path}`;
    const response = fetch(url, {
      method,
      headers: {
        Authorization: `Bearer ${idToken}`,
        ...(body ? { 'Content-Type': 'application/json' } : {}),
      },
      ...(body ? { body } : {}),
    }).catch(() => null);
    earlyRequests.set(requestKey(method, url, body), {
      uid,
      sentAtMs: nowMs,
      response,
    });
  }
}

/**
 * The early answer to this request, once: only a successful one, to a request of the same user
 * (the bearer's subject), not too old. Null sends the request to the network.
 */
export async function takeEarlyApiResponse(
  request: Request,
  nowMs = Date.now(),
): Promise<Response | null> {
  // A conditional request (a chat's poll) asks about data the page already holds.
  if (earlyRequests.size === 0 || request.headers.has('If-None-Match')) return null;
  const body = request.method === 'GET' ? '' : await request.clone().text();
  const key = requestKey(request.method, request.url, body);
  const early = earlyRequests.get(key);
  if (!early) return null;
  earlyRequests.delete(key);
  const bearer = request.headers.get('Authorization')?.replace(/^Bearer /, '') ?? '';
  if (readIdTokenClaims(bearer)?.subject !== early.uid) return null;
  if (nowMs - early.sentAtMs > maxAgeMs) return null;
  const response = await early.response;
  return response?.ok ? response : null;
}
