import { describe, expect, it } from 'vitest';
import {
  CallableHttpError,
  callableFailureMessage,
  callOverHttp,
  isCallableFailure,
} from './callableProtocol';

const baseUrl = 'http://portal.test/api/';

interface Sent {
  url: string;
  init: RequestInit;
}

/** A fetch that records what it is sent and answers with `answer`. */
function fetchAnswering(answer: () => Response | Promise<Response>) {
  const sent: Sent[] = [];
  const fetch = (async (url: string, init: RequestInit) => {
    sent.push({ url, init });
    return answer();
  }) as unknown as typeof globalThis.fetch;
  return { fetch, sent };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

async function rejectionOf(promise: Promise<unknown>): Promise<CallableHttpError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof CallableHttpError) return error;
    throw error;
  }
  throw new Error('expected the call to reject');
}

describe('callOverHttp (the callable protocol without the Firebase SDK)', () => {
  it('posts {data} as JSON to /functions/<name> and resolves with result', async () => {
    const { fetch, sent } = fetchAnswering(() => json({ result: { ok: true } }));
    await expect(
      callOverHttp('sendEmailSignInLink', { email: 'sam@example.com' }, { baseUrl, fetch }),
    ).resolves.toEqual({ ok: true });
    expect(sent).toHaveLength(1);
    const [{ url, init }] = sent as [Sent];
    expect(url).toBe('http://portal.test/api/functions/sendEmailSignInLink');
    expect(init.method).toBe('POST');
    expect(new Headers(init.headers).get('content-type')).toBe('application/json');
    expect(new Headers(init.headers).get('authorization')).toBeNull();
    expect(JSON.parse(String(init.body))).toEqual({ data: { email: 'sam@example.com' } });
    expect(init.signal).toBeInstanceOf(AbortSignal);
  });

  it('carries a bearer token when given one', async () => {
    const { fetch, sent } = fetchAnswering(() => json({ result: null }));
    await callOverHttp('getOnboardingTutor', null, { baseUrl, fetch, idToken: 'token-1' });
    expect(new Headers(sent[0]?.init.headers).get('authorization')).toBe('Bearer token-1');
    expect(JSON.parse(String(sent[0]?.init.body))).toEqual({ data: null });
  });

  it("takes the error body's canonical status and message, with the SDK's status suffix", async () => {
    const { fetch } = fetchAnswering(() =>
      json(
        {
          error: {
            status: 'RESOURCE_EXHAUSTED',
            message: 'Too many links.',
            details: { retryAfterSeconds: 60 },
          },
        },
        429,
      ),
    );
    const error = await rejectionOf(
      callOverHttp('sendEmailSignInLink', { email: 'sam@example.com' }, { baseUrl, fetch }),
    );
    expect(error.code).toBe('functions/resource-exhausted');
    expect(error.message).toBe('Too many links. [429]');
    expect(error.details).toEqual({ retryAfterSeconds: 60 });
    expect(isCallableFailure(error)).toBe(true);
    expect(callableFailureMessage(error)).toBe('Too many links.');
  });

  it.each([
    [400, 'invalid-argument'],
    [401, 'unauthenticated'],
    [403, 'permission-denied'],
    [404, 'not-found'],
    [409, 'aborted'],
    [429, 'resource-exhausted'],
    [499, 'cancelled'],
    [500, 'internal'],
    [501, 'unimplemented'],
    [503, 'unavailable'],
    [504, 'deadline-exceeded'],
    [418, 'unknown'],
  ])('maps HTTP %i without an error body to %s (§8)', async (status, code) => {
    const { fetch } = fetchAnswering(() => new Response('nope', { status }));
    const error = await rejectionOf(
      callOverHttp('sendEmailSignInLink', { email: 'sam@example.com' }, { baseUrl, fetch }),
    );
    expect(error.code).toBe(`functions/${code}`);
    expect(error.message).toBe(`${code} [${status}]`);
  });

  it('an unknown canonical status is internal', async () => {
    const { fetch } = fetchAnswering(() => json({ error: { status: 'NO_SUCH_STATUS' } }, 400));
    const error = await rejectionOf(
      callOverHttp('sendEmailSignInLink', { email: 'sam@example.com' }, { baseUrl, fetch }),
    );
    expect(error.code).toBe('functions/internal');
    expect(error.message).toBe('Unknown backend error status: NO_SUCH_STATUS [400]');
  });

  it('a network failure is internal (status 0)', async () => {
    const fetch = (async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof globalThis.fetch;
    const error = await rejectionOf(
      callOverHttp('sendEmailSignInLink', { email: 'sam@example.com' }, { baseUrl, fetch }),
    );
    expect(error.code).toBe('functions/internal');
    expect(callableFailureMessage(error)).toBe('internal');
  });

  it('a success that is not JSON, or has no result, is internal with the SDK message (§8)', async () => {
    const notJson = fetchAnswering(() => new Response('<html></html>', { status: 200 }));
    const first = await rejectionOf(
      callOverHttp('sendEmailSignInLink', { email: 'a@example.com' }, { baseUrl, ...notJson }),
    );
    expect(first.code).toBe('functions/internal');
    expect(first.message).toBe('Response is not valid JSON object.');
    const noResult = fetchAnswering(() => json({ other: 1 }));
    const error = await rejectionOf(
      callOverHttp('sendEmailSignInLink', { email: 'a@example.com' }, { baseUrl, ...noResult }),
    );
    expect(error.code).toBe('functions/internal');
    expect(error.message).toBe('Response is missing data field.');
  });

  it('gives up after the timeout with deadline-exceeded (§8, §9)', async () => {
    const fetch = ((_url: string, init: RequestInit) =>
      new Promise((_resolve, reject) => {
        init.signal?.addEventListener('abort', () => reject(init.signal?.reason));
      })) as unknown as typeof globalThis.fetch;
    const error = await rejectionOf(
      callOverHttp(
        'sendEmailSignInLink',
        { email: 'sam@example.com' },
        { baseUrl, fetch, timeout: 20 },
      ),
    );
    expect(error.code).toBe('functions/deadline-exceeded');
    expect(error.message).toBe('deadline-exceeded');
  });
});
