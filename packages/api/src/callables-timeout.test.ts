import { initializeApp } from 'firebase/app';
import { getFunctions, httpsCallableFromURL } from 'firebase/functions';
import { describe, expect, it, vi } from 'vitest';
import { CALLABLE_TIMEOUT_MS, type CallableName, createCallables } from './callables';

vi.mock('firebase/functions', async (importOriginal) => {
  const actual = await importOriginal<typeof import('firebase/functions')>();
  return { ...actual, httpsCallableFromURL: vi.fn(actual.httpsCallableFromURL) };
});

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

describe('createCallables', () => {
  const app = initializeApp({ projectId: 'demo-tutoring', apiKey: 'demo-api-key' }, 'timeout-test');
  const functions = getFunctions(app, 'us-central1');

  it('creates every callable of §7 with httpsCallableFromURL and the 70 s timeout', () => {
    const callables = createCallables({ functions, baseUrl: 'https://portal.example.org/api' });
    expect(Object.keys(callables).sort()).toEqual([...ALL_CALLABLES].sort());
    expect(vi.mocked(httpsCallableFromURL).mock.calls).toEqual(
      ALL_CALLABLES.map((name) => [
        functions,
        `https://portal.example.org/api/functions/${name}`,
        { timeout: CALLABLE_TIMEOUT_MS },
      ]),
    );
    expect(CALLABLE_TIMEOUT_MS).toBe(70_000);
  });
});
