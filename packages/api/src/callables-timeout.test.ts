import { HttpResponse, http } from 'msw';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type HandlerServer, startHandlerServer } from '../test/handler-server';
import { CALLABLE_TIMEOUT_MS, type CallableName, createCallables } from './callables';

const ALL_CALLABLES: CallableName[] = [
  'getCustomAuthToken',
  'sendEmailSignInLink',
  'createNewOnboardingUser',
  'launchLearningPortalForStudent',
  'setLatestViewedAnnouncement',
  'getOnboardingTutor',
  'getStudentPathway',
  'updateLessonCompletionStatus',
  'addEventAttendee',
];

let server: HandlerServer;
beforeAll(async () => {
  server = await startHandlerServer();
});
afterAll(() => server.close());

describe('createCallables', () => {
  it('makes every callable of §7, each posting to its URL with the 70 s timeout', async () => {
    const baseUrl = `${server.origin}/api`;
    server.use(http.post(`${baseUrl}/functions/:name`, () => HttpResponse.json({ result: null })));
    const timeout = vi.spyOn(AbortSignal, 'timeout');
    const callables = createCallables({ baseUrl });
    expect(Object.keys(callables).sort()).toEqual([...ALL_CALLABLES].sort());
    for (const name of ALL_CALLABLES) {
      await (callables[name] as (data: unknown) => Promise<unknown>)(null);
    }
    expect(server.requests.map((request) => new URL(request.url).pathname)).toEqual(
      ALL_CALLABLES.map((name) => `/api/functions/${name}`),
    );
    expect(timeout.mock.calls).toEqual(ALL_CALLABLES.map(() => [CALLABLE_TIMEOUT_MS]));
    expect(CALLABLE_TIMEOUT_MS).toBe(70_000);
  });
});
