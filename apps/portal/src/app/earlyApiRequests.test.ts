import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStorageKeys } from '../auth/sessionStorageKeys';

const nowMs = 1_750_000_000_000;
const inAnHour = nowMs / 1000 + 3600;

function idToken(claims: Record<string, unknown>): string {
  const payload = btoa(JSON.stringify(claims)).replace(/=+$/, '');
  return `e30.${payload}.sig`;
}

const tutorToken = idToken({ sub: 'tutor-1', exp: inAnHour });
const otherTutorToken = idToken({ sub: 'tutor-2', exp: inAnHour });
const applicantToken = idToken({
  sub: 'applicant-1',
  exp: inAnHour,
  applicant_email: 'sam@example.org',
});

async function loadModule() {
  vi.resetModules();
  return import('./earlyApiRequests');
}

function stubFetch(respond: (url: string) => Response = () => Response.json({ ok: true })) {
  const fetch = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) =>
    respond(String(input)),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** A request as the API client sends it. */
function apiRequest(path: string, token: string, init: RequestInit = {}): Request {
  const headers = new Headers(init.headers);
  headers.set('Authorization', `Bearer ${token}`);
  return new Request(new URL(`/api${path}`, window.location.href), { ...init, headers });
}

describe('early API requests of a signed-in visit', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => localStorage.clear());

  it("sends the tutoring layout's requests with the stored Google token, and hands each answer over once", async () => {
    localStorage.setItem(sessionStorageKeys.idToken, tutorToken);
    const fetch = stubFetch();
    const early = await loadModule();
    early.startEarlyApiRequests('/tutoring', nowMs);

    expect(fetch.mock.calls.map(([url, init]) => [init?.method, url])).toEqual([
      ['GET', '/api/tutor'],
      ['GET', '/api/portal-announcement'],
      ['GET', '/api/action-item'],
    ]);
    expect(new Headers(fetch.mock.calls[0]?.[1]?.headers).get('Authorization')).toBe(
      `Bearer ${tutorToken}`,
    );
    const answer = await early.takeEarlyApiResponse(apiRequest('/tutor', tutorToken), nowMs);
    expect(await answer?.json()).toEqual({ ok: true });
    // Once only: the next load (a refetch) goes to the network.
    expect(await early.takeEarlyApiResponse(apiRequest('/tutor', tutorToken), nowMs)).toBeNull();
  });

  it("never hands one user's answer to another user's request", async () => {
    localStorage.setItem(sessionStorageKeys.idToken, tutorToken);
    stubFetch();
    const early = await loadModule();
    early.startEarlyApiRequests('/tutoring', nowMs);
    expect(
      await early.takeEarlyApiResponse(apiRequest('/tutor', otherTutorToken), nowMs),
    ).toBeNull();
  });

  it("loads an open chat's first answer, for that student only, and never for a poll", async () => {
    localStorage.setItem(sessionStorageKeys.idToken, tutorToken);
    const fetch = stubFetch();
    const early = await loadModule();
    early.startEarlyApiRequests('/tutoring/messenger/rec%20A1', nowMs);
    const chatCall = fetch.mock.calls.find(([url]) => url === '/api/tutor/messages');
    expect(chatCall?.[1]?.body).toBe(JSON.stringify({ studentId: 'rec A1' }));

    const chatRequest = (studentId: string, headers: Record<string, string> = {}) =>
      apiRequest('/tutor/messages', tutorToken, {
        method: 'POST',
        body: JSON.stringify({ studentId }),
        headers: { 'Content-Type': 'application/json', ...headers },
      });
    expect(await early.takeEarlyApiResponse(chatRequest('rec B2'), nowMs)).toBeNull();
    expect(
      await early.takeEarlyApiResponse(chatRequest('rec A1', { 'If-None-Match': '"t"' }), nowMs),
    ).toBeNull();
    expect(await early.takeEarlyApiResponse(chatRequest('rec A1'), nowMs)).not.toBeNull();
  });

  it('leaves failed, refused and old answers to the network', async () => {
    localStorage.setItem(sessionStorageKeys.idToken, tutorToken);
    stubFetch((url) =>
      url.endsWith('/tutor')
        ? Response.json({ error: { status: 'UNAUTHENTICATED' } }, { status: 401 })
        : Response.json({}),
    );
    const early = await loadModule();
    early.startEarlyApiRequests('/tutoring', nowMs);
    expect(await early.takeEarlyApiResponse(apiRequest('/tutor', tutorToken), nowMs)).toBeNull();
    expect(
      await early.takeEarlyApiResponse(apiRequest('/action-item', tutorToken), nowMs + 31_000),
    ).toBeNull();
  });

  it('sends nothing without a live session for the area', async () => {
    const fetch = stubFetch();
    const early = await loadModule();
    early.startEarlyApiRequests('/tutoring', nowMs);
    localStorage.setItem(sessionStorageKeys.idToken, idToken({ sub: 'tutor-1', exp: 1 }));
    early.startEarlyApiRequests('/tutoring', nowMs);
    localStorage.setItem(sessionStorageKeys.idToken, tutorToken);
    early.startEarlyApiRequests('/credits', nowMs);
    early.startEarlyApiRequests('/tutoring-old', nowMs);
    // An applicant's magic session is not a tutor's.
    localStorage.setItem(sessionStorageKeys.magicIdToken, applicantToken);
    localStorage.setItem(sessionStorageKeys.magicUserId, 'applicant-1');
    early.startEarlyApiRequests('/tutoring', nowMs);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("asks for an applicant's onboarding record with the magic session's token and e-mail", async () => {
    localStorage.setItem(sessionStorageKeys.magicIdToken, applicantToken);
    localStorage.setItem(sessionStorageKeys.magicUserId, 'applicant-1');
    const fetch = stubFetch();
    const early = await loadModule();
    early.startEarlyApiRequests('/onboarding/waiver', nowMs);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/onboarding-tutor');
    expect(fetch.mock.calls[0]?.[1]?.body).toBe(JSON.stringify({ email: 'sam@example.org' }));
    const request = apiRequest('/onboarding-tutor', applicantToken, {
      method: 'POST',
      body: JSON.stringify({ email: 'sam@example.org' }),
    });
    expect(await early.takeEarlyApiResponse(request, nowMs)).not.toBeNull();
  });
});
