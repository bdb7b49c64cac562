// Test support only (never imported by the product): a stand-in for POST /onboarding-tutor behind
// the global fetch, so the tests run the real openapi-fetch client, its error parsing and the
// portal's ApiError. (MSW 3's Node interceptors need Node 22; this runs on 20.)
import { vi } from 'vitest';
import type { OnboardingTutor } from '../onboardingUser';

export interface FakeFailure {
  readonly status: number;
  readonly canonicalStatus: string;
  readonly message: string;
}

export const notFoundFailure: FakeFailure = {
  status: 404,
  canonicalStatus: 'NOT_FOUND',
  message: 'No onboarding applicant with this e-mail.',
};

export const internalFailure: FakeFailure = {
  status: 500,
  canonicalStatus: 'INTERNAL',
  message: 'Internal server error.',
};

/** Sam Rivera as the seed has him: the onboarding chat booked, no task done yet. */
export const applicantSam: OnboardingTutor = {
  firstName: 'Sam',
  lastName: 'Rivera',
  phone: '510-555-0199',
  tutorId: 'APP-30117',
  id: 'rec-sam',
  status: 'Application Accepted',
  waiver: false,
  backgroundCheck: false,
  availabilityForm: 'https://forms.example.org/tutor-availability',
  availability: '',
  workbookCompleted: false,
  typeOfTrainingCompleted: false,
  email: 'sam.rivera@example.com',
  interviewDate: '2026-11-12T18:00:00.000Z',
  correspondents: [],
};

function json(body: unknown, status: number): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/**
 * Installs the fake as the global fetch. `tutor` is what the server answers; `failure` makes it
 * answer that error instead; `hold` keeps answers pending. `requests` records each body sent.
 */
export function installFakeOnboardingBackend(tutor: OnboardingTutor) {
  const backend = {
    tutor: structuredClone(tutor),
    failure: null as FakeFailure | null,
    requests: [] as unknown[],
    /** Keeps answers pending until `release()`. */
    hold: false,
    release: () => {
      for (const resume of held.splice(0)) resume();
    },
  };
  const held: Array<() => void> = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const path = new URL(request.url).pathname;
    if (request.method === 'POST' && path.endsWith('/onboarding-tutor')) {
      backend.requests.push(await request.json());
      if (backend.hold) await new Promise<void>((resume) => held.push(resume));
      if (backend.failure) {
        const { status, canonicalStatus, message } = backend.failure;
        return json({ error: { status: canonicalStatus, message } }, status);
      }
      return json(structuredClone(backend.tutor), 200);
    }
    return json({ error: { status: 'NOT_FOUND', message: `No route ${path}` } }, 404);
  });
  vi.stubGlobal('fetch', fetch);
  return backend;
}
