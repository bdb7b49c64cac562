import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type HandlerServer, startHandlerServer } from '../test/handler-server';
import { createApiClient } from './client';
import { tutorMaya } from './mocks/fixtures';
import type { components } from './schema';

let server: HandlerServer;
let BASE_URL: string;

beforeAll(async () => {
  server = await startHandlerServer();
  BASE_URL = `${server.origin}/api`;
});
afterEach(() => server.reset());
afterAll(() => server.close());

function tokenStore(initial: string | null, refreshed: string[]) {
  let current = initial;
  const saved: string[] = [];
  const refreshToken = vi.fn(async () => {
    const next = refreshed.shift() ?? null;
    return next;
  });
  return {
    saved,
    refreshToken,
    options: {
      baseUrl: BASE_URL,
      getToken: () => current,
      refreshToken,
      onTokenRefreshed: (token: string) => {
        current = token;
        saved.push(token);
      },
    },
  };
}

const unauthenticated: components['schemas']['ErrorResponse'] = {
  error: { status: 'UNAUTHENTICATED', message: 'A valid bearer token is required.' },
};

/** GET /tutor answers 200 only for `validToken`, and records every Authorization header. */
function tutorEndpoint(validToken: string) {
  const seen: (string | null)[] = [];
  server.use(
    http.get(`${BASE_URL}/tutor`, ({ request }) => {
      const auth = request.headers.get('Authorization');
      seen.push(auth);
      return auth === `Bearer ${validToken}`
        ? HttpResponse.json(tutorMaya)
        : HttpResponse.json(unauthenticated, { status: 401 });
    }),
  );
  return seen;
}

describe('createApiClient', () => {
  it('adds the bearer token to every request', async () => {
    const seen = tutorEndpoint('token-1');
    const { options, refreshToken } = tokenStore('token-1', []);
    const { data, response } = await createApiClient(options).GET('/tutor');
    expect(response.status).toBe(200);
    expect(data?.First_Name).toBe('Maya');
    expect(seen).toEqual(['Bearer token-1']);
    expect(refreshToken).not.toHaveBeenCalled();
  });

  it('sends no Authorization header when there is no token', async () => {
    const seen = tutorEndpoint('token-1');
    const { options } = tokenStore(null, []);
    const { error, response } = await createApiClient(options).GET('/tutor');
    expect(response.status).toBe(401);
    expect(error?.error.status).toBe('UNAUTHENTICATED');
    expect(seen[0]).toBeNull();
  });

  it('on a 401 refreshes once, stores the new token and retries once', async () => {
    const seen = tutorEndpoint('fresh');
    const { options, refreshToken, saved } = tokenStore('expired', ['fresh']);
    const { data, response } = await createApiClient(options).GET('/tutor');
    expect(response.status).toBe(200);
    expect(data?.Tutor_ID).toBe(tutorMaya.Tutor_ID);
    expect(refreshToken).toHaveBeenCalledTimes(1);
    expect(saved).toEqual(['fresh']);
    expect(seen).toEqual(['Bearer expired', 'Bearer fresh']);
  });

  it('surfaces a second 401 without refreshing again', async () => {
    const seen = tutorEndpoint('never-valid');
    const { options, refreshToken, saved } = tokenStore('expired', ['still-bad', 'other']);
    const { data, error, response } = await createApiClient(options).GET('/tutor');
    expect(response.status).toBe(401);
    expect(data).toBeUndefined();
    expect(error).toEqual(unauthenticated);
    expect(refreshToken).toHaveBeenCalledTimes(1);
    expect(saved).toEqual(['still-bad']);
    expect(seen).toEqual(['Bearer expired', 'Bearer still-bad']);
  });

  it('surfaces the 401 when the refresh yields no token or fails', async () => {
    tutorEndpoint('fresh');
    const noToken = tokenStore('expired', []);
    expect((await createApiClient(noToken.options).GET('/tutor')).response.status).toBe(401);
    expect(noToken.saved).toEqual([]);

    const failing = tokenStore('expired', []);
    failing.refreshToken.mockRejectedValueOnce(new Error('network down'));
    expect((await createApiClient(failing.options).GET('/tutor')).response.status).toBe(401);
    expect(failing.refreshToken).toHaveBeenCalledTimes(1);
  });

  it('keeps the POST body intact for the retry', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post(`${BASE_URL}/tutor/send-message`, async ({ request }) => {
        bodies.push(await request.json());
        if (request.headers.get('Authorization') !== 'Bearer fresh') {
          return HttpResponse.json(unauthenticated, { status: 401 });
        }
        const sent: components['schemas']['SentMessage'] = {
          message: {
            id: 'msg-new',
            body: 'See you Tuesday!',
            isFromTutor: 'Yes',
            dateSent: '2026-11-20T17:00:00.000Z',
            messageType: 'activity',
          },
          deliveryStatus: 'queued',
        };
        return HttpResponse.json(sent, { status: 201 });
      }),
    );
    const { options } = tokenStore('expired', ['fresh']);
    const body = { studentId: 'stu-ana', message: 'See you Tuesday!' };
    const { data, response } = await createApiClient(options).POST('/tutor/send-message', {
      body,
    });
    expect(response.status).toBe(201);
    expect(data?.message.body).toBe('See you Tuesday!');
    expect(bodies).toEqual([body, body]);
  });

  it('shares one refresh between concurrent 401s', async () => {
    const seen = tutorEndpoint('fresh');
    let releaseRefresh = () => {};
    const refreshGate = new Promise<void>((resolve) => {
      releaseRefresh = resolve;
    });
    let current = 'expired';
    const getToken = vi.fn(() => current);
    const saved: string[] = [];
    // The refresh finishes only after all three 401s have arrived, so they overlap with it.
    const refreshToken = vi.fn(async () => {
      await refreshGate;
      return 'fresh';
    });
    const client = createApiClient({
      baseUrl: BASE_URL,
      getToken,
      refreshToken,
      onTokenRefreshed: (token) => {
        current = token;
        saved.push(token);
      },
    });
    const pending = Promise.all([client.GET('/tutor'), client.GET('/tutor'), client.GET('/tutor')]);
    // Three reads to send, then three more as each 401 is handled.
    await vi.waitFor(() => expect(getToken).toHaveBeenCalledTimes(6));
    releaseRefresh();
    const results = await pending;
    expect(results.map((r) => r.response.status)).toEqual([200, 200, 200]);
    expect(refreshToken).toHaveBeenCalledTimes(1);
    expect(saved).toEqual(['fresh']);
    expect(seen).toEqual([...Array(3).fill('Bearer expired'), ...Array(3).fill('Bearer fresh')]);
  });

  it('retries with the newer token, without refreshing, when another request already refreshed', async () => {
    const seen = tutorEndpoint('fresh');
    let current = 'expired';
    const refreshToken = vi.fn(async () => 'unexpected');
    const client = createApiClient({
      baseUrl: BASE_URL,
      // The token changes between sending and the 401 (another tab or request refreshed it).
      getToken: () => {
        const token = current;
        current = 'fresh';
        return token;
      },
      refreshToken,
    });
    const { response } = await client.GET('/tutor');
    expect(response.status).toBe(200);
    expect(refreshToken).not.toHaveBeenCalled();
    expect(seen).toEqual(['Bearer expired', 'Bearer fresh']);
  });

  it('uses a custom fetch when given one', async () => {
    const requests: Request[] = [];
    const client = createApiClient({
      baseUrl: BASE_URL,
      getToken: () => 'token-1',
      refreshToken: async () => null,
      fetch: async (request) => {
        requests.push(request);
        return Response.json([], { status: 200 });
      },
    });
    const { data } = await client.GET('/action-item');
    expect(data).toEqual([]);
    expect(requests[0]?.url).toBe(`${BASE_URL}/action-item`);
    expect(requests[0]?.headers.get('Authorization')).toBe('Bearer token-1');
  });
});
