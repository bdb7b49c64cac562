// What a screen story says about itself (Storybook only; never imported by the product). The
// workbench's screen decorator (.storybook/screenDecorator.tsx) reads it and renders the portal's
// real route table at `path`, with the session and the mock server's data named here.
import type { MockBehaviours } from '@tutoring/api/mocks/contract';
import type { MockDbSeed } from '@tutoring/api/mocks/types';

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
  /**
   * Messages the signed-in tutor was writing, kept on the device (issue 39), by student id. Every
   * screen starts with only these: what an earlier story typed is gone.
   */
  readonly drafts?: Readonly<Record<string, string>>;
  /**
   * Answers this device kept from the signed-in user's last visit (issue 39), put in the cache
   * before the screen renders, fetched an hour before the page opened: a return visit.
   */
  readonly savedAnswers?: (uid: string) => readonly SavedAnswer[];
}

/** One kept answer: the query's key and its data. */
export interface SavedAnswer {
  readonly queryKey: readonly unknown[];
  readonly data: unknown;
}

/** The mock server behind a screen: a fresh in-memory db per render, and per-call behaviour. */
export interface MockApiParameters {
  readonly seed?: MockDbSeed;
  readonly behaviour?: MockBehaviours;
}

/**
 * The widths a screen is tested and reviewed at: a laptop, a tablet (the sidebar's breakpoint)
 * and a phone. The names are the viewports of .storybook/preview.tsx.
 */
export const screenWidths = { desktop: 1280, tablet: 768, mobile: 390 } as const;

export type ScreenWidth = (typeof screenWidths)[keyof typeof screenWidths];

export interface ScreenOptions {
  /**
   * Only these widths, for a state that exists only there (the bell badge under 640 px, the
   * drawer under 768 px, the popup from 640 px up). Default: all three.
   */
  readonly widths?: readonly ScreenWidth[];
}

/**
 * The parameters of a screen story: `parameters: screenParameters({...}, {...})`. The same widths
 * go to the story tests (play, axe, layout guard, screenshots: .storybook/vitest.setup.ts) and to
 * Chromatic (its modes).
 */
export function screenParameters(
  screen: ScreenParameters,
  mockApi: MockApiParameters = {},
  { widths }: ScreenOptions = {},
) {
  // Chromatic merges a story's modes into the workbench's (desktop and mobile for components), so
  // a width a screen does not have is switched off by name.
  const modes = Object.fromEntries(
    Object.entries(screenWidths).map(([viewport, width]) => [
      viewport,
      !widths || widths.includes(width) ? { viewport } : { disable: true },
    ]),
  );
  return {
    screen,
    mockApi,
    chromatic: { modes },
    ...(widths ? { testRunner: { widths: [...widths] } } : {}),
  };
}
