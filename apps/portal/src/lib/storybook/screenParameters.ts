// What a screen story says about itself (Storybook only; never imported by the product). The
// workbench's screen decorator (.storybook/screenDecorator.tsx) reads it and renders the portal's
// real route table at `path`, with the session and the mock server's data named here.
import type { MockBehaviours } from '@tutoring/api/mocks/contract';
import type { MockDbSeed } from '@tutoring/api/mocks/db';

/** Who is signed in: nobody, Maya the tutor (Google), or Sam the applicant (magic link). */
export type ScreenSession = 'loading' | 'signedOut' | 'tutor' | 'applicant';

export interface ScreenParameters {
  /** The URL the story opens, path and query, e.g. '/tutoring/messenger/stu-ana'. */
  readonly path: string;
  /** Location state, e.g. the page a guard stopped (`returnPathState`). */
  readonly state?: unknown;
  readonly session: ScreenSession;
  /** How Google's popup ends when a page opens it (default: it stays open). */
  readonly googleSignIn?: 'pending' | 'blocked' | 'succeeds';
  /** How signing out ends (default: it succeeds at once). */
  readonly logOut?: 'succeeds' | 'fails' | 'pending';
}

/** The mock server behind a screen: a fresh in-memory db per render, and per-call behaviour. */
export interface MockApiParameters {
  readonly seed?: MockDbSeed;
  readonly behaviour?: MockBehaviours;
}

/** The parameters of a screen story: `parameters: screenParameters({...}, {...})`. */
export function screenParameters(screen: ScreenParameters, mockApi: MockApiParameters = {}) {
  return { screen, mockApi };
}
