import { describe, expect, it } from 'vitest';
import { firstVisitsOf, planFirstVisitChunks, runsAtFirstScreen } from './firstVisitChunks.ts';

const src = (path) => `/repo/apps/portal/src/${path}`;

/** A first-pass output chunk: only the fields the plan reads. */
const chunk = (fileName, { modules, imports = [], entry = false, facade = null }) => ({
  type: 'chunk',
  fileName,
  moduleIds: modules,
  imports,
  isEntry: entry,
  isDynamicEntry: facade !== null,
  facadeModuleId: facade,
});

// The bundler's own chunking of a small portal: the app's entry, the router app, the /auth page,
// a public route, the tutoring and onboarding areas' first screens, a later page, Firebase, and
// the shared chunks between them.
const firstPass = [
  chunk('index.js', { modules: [src('main.tsx'), 'react-dom'], entry: true }),
  chunk('App.js', {
    modules: [src('app/App.tsx')],
    imports: ['index.js', 'router.js'],
    facade: src('app/App.tsx'),
  }),
  chunk('router.js', { modules: ['react-router'] }),
  chunk('Standalone.js', {
    modules: [src('app/StandaloneSignInPage.tsx')],
    imports: ['Button.js'],
    facade: src('app/StandaloneSignInPage.tsx'),
  }),
  chunk('Button.js', { modules: ['ui/Button.tsx'] }),
  chunk('GoogleSignIn.js', {
    modules: [src('features/public/GoogleSignInPage.tsx')],
    imports: ['Button.js', 'Dialog.js'],
    facade: src('features/public/GoogleSignInPage.tsx'),
  }),
  chunk('Dialog.js', { modules: ['react-aria/Dialog.mjs'] }),
  chunk('RequireGoogle.js', {
    modules: [src('auth/RequireGoogleSession.tsx')],
    imports: ['Button.js', 'Dialog.js', 'query.js'],
    facade: src('auth/RequireGoogleSession.tsx'),
  }),
  chunk('Home.js', {
    modules: [src('features/tutoring/TutoringHomePage.tsx'), 'ui/StudentRow.tsx'],
    imports: ['query.js'],
    facade: src('features/tutoring/TutoringHomePage.tsx'),
  }),
  chunk('query.js', { modules: ['@tanstack/query-core'] }),
  chunk('Dashboard.js', {
    modules: [src('features/onboarding/pages/DashboardPage.tsx')],
    imports: ['query.js', 'Button.js'],
    facade: src('features/onboarding/pages/DashboardPage.tsx'),
  }),
  chunk('Waiver.js', {
    modules: [src('features/onboarding/pages/WaiverPage.tsx')],
    imports: ['Dialog.js'],
    facade: src('features/onboarding/pages/WaiverPage.tsx'),
  }),
  chunk('firebaseSession.js', {
    modules: [src('auth/firebaseSession.ts'), 'firebase/auth'],
    imports: ['query.js'],
    facade: src('auth/firebaseSession.ts'),
  }),
];

describe('the first visits of a lazily imported module', () => {
  it('names the areas, /auth and the router app, and nothing for what loads later', () => {
    expect(firstVisitsOf(src('features/tutoring/messenger/MessengerPage.tsx'))).toEqual([
      'tutoring',
    ]);
    expect(firstVisitsOf(src('features/onboarding/pages/DashboardPage.tsx'))).toEqual([
      'onboarding',
    ]);
    expect(firstVisitsOf(src('app/App.tsx'))).toEqual(['app', 'onboarding', 'tutoring']);
    expect(firstVisitsOf(src('app/StandaloneSignInPage.tsx'))).toEqual(['auth']);
    expect(firstVisitsOf(src('features/tutoring/pages/settings/SettingsPage.tsx'))).toEqual([]);
    expect(firstVisitsOf(src('features/onboarding/pages/WaiverPage.tsx'))).toEqual([]);
    expect(firstVisitsOf(src('auth/firebaseSession.ts'))).toEqual([]);
  });
});

describe('the plan of the second pass', () => {
  const plan = planFirstVisitChunks(firstPass);

  it('groups what a signed-in first screen downloads by the first visits that download it', () => {
    expect(plan.get('react-router')).toBe('app-onboarding-tutoring');
    expect(plan.get('@tanstack/query-core')).toBe('onboarding-tutoring');
    expect(plan.get('ui/Button.tsx')).toBe('app-auth-onboarding-tutoring');
    expect(plan.get('react-aria/Dialog.mjs')).toBe('app-tutoring');
    expect(plan.get(src('auth/RequireGoogleSession.tsx'))).toBe('tutoring');
    expect(plan.get('ui/StudentRow.tsx')).toBe('tutoring');
    expect(plan.get(src('features/onboarding/pages/DashboardPage.tsx'))).toBe('onboarding');
  });

  it("leaves the entries' code, the router app's own module and later code where they were", () => {
    expect(plan.has('react-dom')).toBe(false);
    expect(plan.has(src('app/App.tsx'))).toBe(false);
    expect(plan.has(src('app/StandaloneSignInPage.tsx'))).toBe(false);
    expect(plan.has(src('features/public/GoogleSignInPage.tsx'))).toBe(false);
    expect(plan.has(src('features/onboarding/pages/WaiverPage.tsx'))).toBe(false);
    expect(plan.has('firebase/auth')).toBe(false);
  });

  it('refuses a first pass without an area of its own', () => {
    expect(() =>
      planFirstVisitChunks(firstPass.filter((item) => item.fileName !== 'Dashboard.js')),
    ).toThrow(/onboarding area/);
  });
});

describe("V8's compile hint", () => {
  const names = new Set(planFirstVisitChunks(firstPass).values());
  const rendered = (name, { entry = false, facade = null } = {}) => ({
    name,
    isEntry: entry,
    facadeModuleId: facade,
  });

  it("marks the app's entry, the router app and the first visits' chunks", () => {
    expect(runsAtFirstScreen(rendered('index', { entry: true }), names)).toBe(true);
    expect(runsAtFirstScreen(rendered('App', { facade: src('app/App.tsx') }), names)).toBe(true);
    for (const name of [
      'tutoring',
      'onboarding',
      'onboarding-tutoring',
      'app-onboarding-tutoring',
    ]) {
      expect(runsAtFirstScreen(rendered(name), names)).toBe(true);
    }
  });

  it("leaves the other entries, later pages, Firebase and the bundler's other chunks alone", () => {
    expect(runsAtFirstScreen(rendered('staticPage', { entry: true }), names)).toBe(false);
    expect(runsAtFirstScreen(rendered('logoutSessionCheck', { entry: true }), names)).toBe(false);
    const waiver = rendered('WaiverPage', {
      facade: src('features/onboarding/pages/WaiverPage.tsx'),
    });
    expect(runsAtFirstScreen(waiver, names)).toBe(false);
    const firebase = rendered('firebaseSession', { facade: src('auth/firebaseSession.ts') });
    expect(runsAtFirstScreen(firebase, names)).toBe(false);
    expect(runsAtFirstScreen(rendered('socialProofScript'), names)).toBe(false);
  });
});
