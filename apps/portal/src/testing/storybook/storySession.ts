// The session of a screen story: a state the story chooses, and sign-in and sign-out that move it
// as the product's auth store would, without Firebase. Callables go through the product's client
// to the mock server (MSW answers them), so their errors are the product's.
import { type Callables, createCallables } from '@tutoring/api/callables';
import type { Schemas } from '@tutoring/api/mocks/contract';
import { requestMagicLink } from '../../auth/magicLinkRequest';
import type { PortalSession } from '../../lib/services/portalServices';
import type { AuthState } from '../../lib/services/sessionState';
import type { ScreenParameters } from './screenParameters';

/** The bearer every story request carries; the mock server does not check it. */
export const storyIdToken = 'storybook-id-token';

let storyCallables: Callables | undefined;

/** The product's callables for every story, which MSW answers. */
function callablesOfTheWorkbench(): Callables {
  storyCallables ??= createCallables({
    baseUrl: new URL('/api', window.location.origin).href,
    idToken: async () => storyIdToken,
  });
  return storyCallables;
}

export interface StoryPeople {
  readonly tutor: Schemas['Tutor'] | null;
  readonly applicant: Schemas['OnboardingTutor'] | null;
}

function tutorState({ tutor }: StoryPeople): AuthState {
  return {
    status: 'google',
    user: {
      uid: `uid-${tutor?.id ?? 'tutor'}`,
      email: tutor?.email ?? 'tutor@tutoring.example.org',
      displayName: tutor ? `${tutor.First_Name} ${tutor.Last_Name}` : 'Tutor',
    },
    idToken: storyIdToken,
  };
}

function applicantState({ applicant }: StoryPeople): AuthState {
  return {
    status: 'magic',
    user: { uid: `applicant-${applicant?.id ?? 'applicant'}`, email: null, displayName: null },
    idToken: storyIdToken,
    applicantEmail: applicant?.email ?? 'applicant@example.com',
    restored: false,
  };
}

function initialState(screen: ScreenParameters, people: StoryPeople): AuthState {
  switch (screen.session) {
    case 'loading':
      return { status: 'loading' };
    case 'signedOut':
      return { status: 'signedOut' };
    case 'tutor':
      return tutorState(people);
    case 'applicant':
      return applicantState(people);
  }
}

const never = () => new Promise<never>(() => undefined);

export function createStorySession(screen: ScreenParameters, people: StoryPeople): PortalSession {
  let state = initialState(screen, people);
  const listeners = new Set<() => void>();
  const setState = (next: AuthState) => {
    state = next;
    for (const listener of listeners) listener();
  };
  return {
    getState: () => state,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start: () => undefined,
    callables: async () => callablesOfTheWorkbench(),
    // The product's plain request: MSW answers it as it answers the SDK's.
    requestMagicLink: (data) => requestMagicLink(data),
    async signInWithGoogle() {
      switch (screen.googleSignIn ?? 'pending') {
        case 'pending':
          return never();
        case 'blocked':
          throw Object.assign(new Error('Firebase: Error (auth/popup-blocked).'), {
            code: 'auth/popup-blocked',
          });
        case 'succeeds':
          setState(tutorState(people));
      }
    },
    async signInWithMagicLink(stepUpToken) {
      // The real exchange against the mock server: an unknown token fails as the product's does.
      await callablesOfTheWorkbench().getCustomAuthToken({ stepUpToken });
      setState(applicantState(people));
    },
    async logOut() {
      switch (screen.logOut ?? 'succeeds') {
        case 'pending':
          return never();
        case 'fails':
          throw new Error('The sign-in service could not be reached.');
        case 'succeeds':
          setState({ status: 'signedOut' });
      }
    },
  };
}
