import { deleteApp, type FirebaseApp, initializeApp } from 'firebase/app';
import { type Functions, getFunctions, httpsCallableFromURL } from 'firebase/functions';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type HandlerServer, startHandlerServer } from '../test/handler-server';
import {
  CALLABLE_TIMEOUT_MS,
  type CallableFailure,
  callableErrorCode,
  callableErrorMessage,
  callableUrl,
  createCallables,
  isCallableError,
  onboardingSignupFailure,
} from './callables';

let server: HandlerServer;
let app: FirebaseApp;
let functions: Functions;

beforeAll(async () => {
  server = await startHandlerServer();
  app = initializeApp({ projectId: 'demo-tutoring', apiKey: 'demo-api-key' }, 'callables-test');
  functions = getFunctions(app, 'us-central1');
});
afterEach(() => server.reset());
afterAll(async () => {
  await deleteApp(app);
  await server.close();
});

/** Callables whose every request is answered by `answer`, under a fresh API prefix. */
function callablesAnswering(answer: () => Response | Promise<Response>, timeout?: number) {
  const baseUrl = `${server.origin}/api`;
  server.use(http.post(`${baseUrl}/functions/:name`, answer));
  return createCallables({ baseUrl, ...(timeout === undefined ? {} : { timeout }) });
}

/**
 * What the Firebase SDK's own client (httpsCallableFromURL) makes of the same answer, which the
 * product's callables must match: the same code, message (with its ' [<status>]') and details.
 */
async function sdkOutcomeOf(answer: () => Response | Promise<Response>, data: unknown) {
  const baseUrl = `${server.origin}/sdk`;
  server.use(http.post(`${baseUrl}/functions/:name`, answer));
  const call = httpsCallableFromURL(functions, callableUrl(baseUrl, 'sendEmailSignInLink'));
  try {
    return { result: (await call(data)).data };
  } catch (error) {
    const { code, message, details } = error as CallableFailure;
    return { error: { code, message, details } };
  }
}

async function productOutcomeOf(answer: () => Response | Promise<Response>, data: unknown) {
  const callables = callablesAnswering(answer);
  try {
    return { result: await callables.sendEmailSignInLink(data as { email: string }) };
  } catch (error) {
    const { code, message, details } = error as CallableFailure;
    return { error: { code, message, details } };
  }
}

async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to reject');
}

describe('callables over HTTP, as the Firebase SDK speaks the protocol', () => {
  it('posts {data} to /functions/<name> and resolves with result', async () => {
    const callables = callablesAnswering(() =>
      HttpResponse.json({ result: { customToken: 'custom-token-1' } }),
    );
    await expect(
      callables.getCustomAuthToken({ stepUpToken: 'step-up-token-0123456789' }),
    ).resolves.toEqual({
      customToken: 'custom-token-1',
    });
    const [request] = server.requests;
    expect(request?.method).toBe('POST');
    expect(new URL(request?.url ?? '').pathname).toBe('/api/functions/getCustomAuthToken');
    expect(request?.headers.get('content-type')).toBe('application/json');
    expect(await request?.json()).toEqual({ data: { stepUpToken: 'step-up-token-0123456789' } });
  });

  it('sends data null for a callable called without data', async () => {
    const callables = callablesAnswering(() => HttpResponse.json({ result: null }));
    await callables.getStudentPathway({ studentId: 'stu-mia' });
    await expect(callables.getOnboardingTutor()).resolves.toBeNull();
    expect(await server.requests[1]?.json()).toEqual({ data: null });
  });

  // §8: the HTTP status decides the error code when the body carries no canonical status.
  const statusTable: [status: number, code: string][] = [
    [500, 'internal'],
    [400, 'invalid-argument'],
    [401, 'unauthenticated'],
    [403, 'permission-denied'],
    [404, 'not-found'],
    [409, 'aborted'],
    [429, 'resource-exhausted'],
    [499, 'cancelled'],
    [501, 'unimplemented'],
    [503, 'unavailable'],
    [504, 'deadline-exceeded'],
    [402, 'unknown'],
    [418, 'unknown'],
    [502, 'unknown'],
  ];

  it.each(statusTable)('HTTP %i rejects with functions/%s', async (status, code) => {
    const callables = callablesAnswering(
      () =>
        new HttpResponse('upstream said no', { status, headers: { 'Content-Type': 'text/plain' } }),
    );
    const error = await rejectionOf(
      callables.sendEmailSignInLink({ email: 'sam.rivera@example.com' }),
    );
    expect(isCallableError(error)).toBe(true);
    expect((error as { code: string }).code).toBe(`functions/${code}`);
    expect(callableErrorCode(status)).toBe(code);
  });

  it.each([200, 201, 299])('HTTP %i is ok and resolves with the result', async (status) => {
    const callables = callablesAnswering(() =>
      HttpResponse.json({ result: { sent: true } }, { status }),
    );
    await expect(
      callables.sendEmailSignInLink({ email: 'sam.rivera@example.com' }),
    ).resolves.toEqual({
      sent: true,
    });
    expect(callableErrorCode(status)).toBe('ok');
  });

  it('a dropped connection (status 0) rejects with functions/internal', async () => {
    const callables = callablesAnswering(() => HttpResponse.error());
    const error = await rejectionOf(callables.getOnboardingTutor());
    expect(isCallableError(error, 'internal')).toBe(true);
    expect(callableErrorCode(0)).toBe('internal');
  });

  it('the error envelope sets code, message and details', async () => {
    const callables = callablesAnswering(() =>
      HttpResponse.json(
        {
          error: {
            status: 'NOT_FOUND',
            message: 'No such student among your correspondents.',
            details: { studentId: 'stu-x' },
          },
        },
        { status: 404 },
      ),
    );
    const error = await rejectionOf(callables.getStudentPathway({ studentId: 'stu-x' }));
    expect(error).toMatchObject({
      code: 'functions/not-found',
      // The SDK appends the HTTP status to the server's message.
      message: 'No such student among your correspondents. [404]',
      details: { studentId: 'stu-x' },
    });
    expect(callableErrorMessage(error as CallableFailure)).toBe(
      'No such student among your correspondents.',
    );
  });

  it("a response that is not JSON gives 'Response is not valid JSON object.'", async () => {
    const callables = callablesAnswering(
      () =>
        new HttpResponse('<html>OK</html>', {
          status: 200,
          headers: { 'Content-Type': 'text/html' },
        }),
    );
    const error = await rejectionOf(
      callables.sendEmailSignInLink({ email: 'sam.rivera@example.com' }),
    );
    expect(error).toMatchObject({
      code: 'functions/internal',
      message: 'Response is not valid JSON object.',
    });
  });

  it("a JSON response without data or result gives 'Response is missing data field.'", async () => {
    const callables = callablesAnswering(() => HttpResponse.json({ ok: true }));
    const error = await rejectionOf(
      callables.sendEmailSignInLink({ email: 'sam.rivera@example.com' }),
    );
    expect(error).toMatchObject({
      code: 'functions/internal',
      message: 'Response is missing data field.',
    });
  });

  it('a timeout rejects with functions/deadline-exceeded', async () => {
    const callables = callablesAnswering(() => new Promise<Response>(() => {}), 150);
    const started = performance.now();
    const error = await rejectionOf(callables.getStudentPathway({ studentId: 'stu-ana' }));
    expect(isCallableError(error, 'deadline-exceeded')).toBe(true);
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('uses the 70 s timeout of §9 by default', () => {
    expect(CALLABLE_TIMEOUT_MS).toBe(70_000);
  });

  it('builds callable URLs under the API prefix', () => {
    expect(callableUrl('http://127.0.0.1:8080/api/', 'addEventAttendee')).toBe(
      'http://127.0.0.1:8080/api/functions/addEventAttendee',
    );
  });

  it("keeps the server's request id, which the SDK's FunctionsError drops (for the notice's Reference)", async () => {
    const callables = callablesAnswering(() =>
      HttpResponse.json(
        {
          error: {
            status: 'UNAVAILABLE',
            message: 'The service is busy.',
            requestId: 'req-7f3a9c2e',
          },
        },
        { status: 503 },
      ),
    );
    const error = await rejectionOf(callables.getOnboardingTutor());
    expect(isCallableError(error, 'unavailable')).toBe(true);
    expect(error).toMatchObject({ requestId: 'req-7f3a9c2e' });
  });

  it("asks for the signed-in user's token at each call and sends it as the bearer", async () => {
    const baseUrl = `${server.origin}/api`;
    server.use(http.post(`${baseUrl}/functions/:name`, () => HttpResponse.json({ result: null })));
    const tokens = ['token-1', 'token-2'];
    const callables = createCallables({ baseUrl, idToken: async () => tokens.shift() ?? null });
    await callables.getOnboardingTutor();
    await callables.getOnboardingTutor();
    await callables.getOnboardingTutor();
    expect(server.requests.map((request) => request.headers.get('authorization'))).toEqual([
      'Bearer token-1',
      'Bearer token-2',
      null,
    ]);
  });

  describe('the same outcome as the Firebase SDK for the same answer', () => {
    const data = { email: 'sam.rivera@example.com' };
    const answers: [label: string, answer: () => Response][] = [
      ['a result', () => HttpResponse.json({ result: { sent: true } })],
      ['a data field', () => HttpResponse.json({ data: { sent: true } })],
      [
        'the error envelope',
        () =>
          HttpResponse.json(
            {
              error: {
                status: 'RESOURCE_EXHAUSTED',
                message: 'Too many links asked for.',
                details: { retryAfterSeconds: 60 },
                requestId: 'req-1',
              },
            },
            { status: 429 },
          ),
      ],
      [
        'an unknown canonical status',
        () => HttpResponse.json({ error: { status: 'TEAPOT' } }, { status: 418 }),
      ],
      ['an error without a message', () => HttpResponse.json({ error: {} }, { status: 404 })],
      ['a plain-text 502', () => new HttpResponse('bad gateway', { status: 502 })],
      ['a 200 that is not JSON', () => new HttpResponse('<html></html>', { status: 200 })],
      ['a 200 without a result', () => HttpResponse.json({ ok: true })],
      ['a dropped connection', () => HttpResponse.error()],
    ];
    it.each(answers)('%s', async (_label, answer) => {
      const sdk = await sdkOutcomeOf(answer, data);
      server.reset();
      expect(await productOutcomeOf(answer, data)).toEqual(sdk);
    });
  });

  describe('createNewOnboardingUser outcomes (§8 error types)', () => {
    const data = {
      email: 'new.tutor@example.com',
      First_Name: 'Ada',
      Last_Name: 'Park',
      phonenum: '510-555-0100',
    };

    it('a created applicant is no failure', async () => {
      const callables = callablesAnswering(() =>
        HttpResponse.json({ result: { instantSignInLink: '/auth?stepupToken=abc' } }),
      );
      const outcome = await callables.createNewOnboardingUser(data);
      expect(outcome).toEqual({ instantSignInLink: '/auth?stepupToken=abc' });
      expect(onboardingSignupFailure(outcome)).toBeNull();
    });

    it.each([
      ['dup-email', 'dup-email'],
      ['invalid-submission', 'invalid-submission'],
      ['unknown', 'other'],
    ] as const)('a result of type %s reads as %s', async (type, expected) => {
      const callables = callablesAnswering(() =>
        HttpResponse.json({ result: { error: 'refused', type } }),
      );
      expect(onboardingSignupFailure(await callables.createNewOnboardingUser(data))).toBe(expected);
    });

    it('a 400 INVALID_ARGUMENT reads as invalid-submission, other errors as other', async () => {
      const invalid = callablesAnswering(() =>
        HttpResponse.json(
          {
            error: {
              status: 'INVALID_ARGUMENT',
              message: 'data.phonenum is required',
              details: { type: 'invalid-submission' },
            },
          },
          { status: 400 },
        ),
      );
      expect(
        onboardingSignupFailure(await rejectionOf(invalid.createNewOnboardingUser(data))),
      ).toBe('invalid-submission');
      server.reset();
      const unavailable = callablesAnswering(() => new HttpResponse('down', { status: 503 }));
      expect(
        onboardingSignupFailure(await rejectionOf(unavailable.createNewOnboardingUser(data))),
      ).toBe('other');
    });
  });
});
