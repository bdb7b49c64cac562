import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  appRouteJsFiles,
  checkPublicChunks,
  htmlJsFiles,
  pageJsFiles,
  publicPageJsFiles,
} from './public-chunks.mjs';

const firebaseSdkCode = 'registerVersion("@firebase/app","0.16.2");self.__FIREBASE_DEFAULTS__;';
const dists = [];

const entryHtml = '<script type="module" crossorigin src="/assets/index.js"></script>';
const staticPageHtml = [
  '<script type="module" crossorigin src="/assets/static.js"></script>',
  '<div id="root" data-prerendered="index"><main>Welcome</main></div>',
].join('');

/**
 * A fake build: the manifest, the app's shell (app.html), two prerendered pages (the landing page
 * and the not-found page, with the static pages' script) with pages.json, and one file per chunk.
 */
function fakeDist(manifest, files, shellHtml = entryHtml) {
  const dist = mkdtempSync(join(tmpdir(), 'portal-dist-'));
  dists.push(dist);
  mkdirSync(join(dist, '.vite'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, '.vite/manifest.json'), JSON.stringify(manifest));
  writeFileSync(join(dist, 'app.html'), shellHtml);
  writeFileSync(join(dist, 'index.html'), staticPageHtml);
  writeFileSync(join(dist, '404.html'), staticPageHtml);
  writeFileSync(
    join(dist, 'pages.json'),
    JSON.stringify({
      appShell: 'app.html',
      notFound: '404.html',
      pages: { '/': 'index.html' },
      appRoutes: [],
    }),
  );
  for (const [name, code] of Object.entries({ 'static.js': '', ...files })) {
    writeFileSync(join(dist, 'assets', name), code);
  }
  return dist;
}

const baseManifest = {
  'src/staticPage.ts': { file: 'assets/static.js', isEntry: true },
  'index.html': {
    file: 'assets/index.js',
    isEntry: true,
    imports: ['_vendor.js'],
    dynamicImports: ['src/app/App.tsx'],
  },
  '_vendor.js': { file: 'assets/vendor.js' },
  'src/app/App.tsx': {
    file: 'assets/App.js',
    isDynamicEntry: true,
    imports: ['index.html', '_vendor.js'],
    dynamicImports: ['src/auth/firebaseSession.ts'],
  },
  'src/auth/firebaseSession.ts': { file: 'assets/firebaseSession.js', isDynamicEntry: true },
};

const markersOf = (result) => result.publicFiles.map(({ markers }) => markers);
const asset = (dist, name) => join(dist, 'assets', name);

afterEach(() => {
  for (const dist of dists.splice(0)) rmSync(dist, { recursive: true, force: true });
});

describe('pageJsFiles', () => {
  it('counts what a page loads with its static imports, not the router app it may import later', () => {
    const dist = fakeDist(baseManifest, { 'index.js': '', 'vendor.js': '', 'App.js': '' });
    expect(pageJsFiles(dist, 'app.html')).toEqual([
      asset(dist, 'index.js'),
      asset(dist, 'vendor.js'),
    ]);
  });

  it('counts only the script of a prerendered page without behaviour', () => {
    const dist = fakeDist(baseManifest, { 'index.js': '', 'vendor.js': '', 'App.js': '' });
    expect(pageJsFiles(dist, 'index.html')).toEqual([asset(dist, 'static.js')]);
  });

  it('counts a file the page preloads even when no static import leads to it', () => {
    const shellHtml = [
      '<script type="module" crossorigin src="/assets/index.js"></script>',
      '<link rel="modulepreload" crossorigin href="/assets/App.js">',
      '<link rel="stylesheet" crossorigin href="/assets/index.css">',
      '<script async src="https://proof.example.org/widget.js"></script>',
    ].join('\n');
    const dist = fakeDist(
      baseManifest,
      { 'index.js': '', 'vendor.js': '', 'App.js': '' },
      shellHtml,
    );
    expect(htmlJsFiles(dist, 'app.html')).toEqual([asset(dist, 'index.js'), asset(dist, 'App.js')]);
    expect(pageJsFiles(dist, 'app.html')).toEqual([
      asset(dist, 'index.js'),
      asset(dist, 'App.js'),
      asset(dist, 'vendor.js'),
    ]);
  });
});

describe('appRouteJsFiles', () => {
  it("adds the router app and the route's module to the shell's files", () => {
    const manifest = {
      ...baseManifest,
      'src/features/public/OnboardingSignInPage.tsx': {
        file: 'assets/OnboardingSignInPage.js',
        isDynamicEntry: true,
        imports: ['_form.js'],
      },
      '_form.js': { file: 'assets/form.js' },
    };
    const dist = fakeDist(manifest, {
      'index.js': '',
      'vendor.js': '',
      'App.js': '',
      'OnboardingSignInPage.js': '',
      'form.js': '',
    });
    expect(appRouteJsFiles(dist, ['src/features/public/OnboardingSignInPage.tsx']).sort()).toEqual(
      ['index.js', 'vendor.js', 'App.js', 'OnboardingSignInPage.js', 'form.js']
        .map((name) => asset(dist, name))
        .sort(),
    );
  });
});

describe('checkPublicChunks', () => {
  it('passes when Firebase is only reachable through a dynamic import, even by file name', () => {
    const dist = fakeDist(baseManifest, {
      'index.js': 'import("./App.js")',
      'vendor.js': 'export const x = 1;',
      'App.js': 'import("./firebaseSession.js")',
      'firebaseSession.js': firebaseSdkCode,
    });
    const result = checkPublicChunks(dist);
    expect(result.publicFiles.map(({ file }) => file)).toEqual([
      asset(dist, 'static.js'),
      asset(dist, 'index.js'),
      asset(dist, 'vendor.js'),
      asset(dist, 'App.js'),
    ]);
    expect(markersOf(result)).toEqual([[], [], [], []]);
    expect(result.control[0]?.markers).toEqual(['@firebase/', '__FIREBASE_DEFAULTS__']);
  });

  it('finds Firebase code in a chunk the entry imports statically', () => {
    const dist = fakeDist(baseManifest, {
      'index.js': '',
      'vendor.js': firebaseSdkCode,
      'App.js': '',
      'firebaseSession.js': firebaseSdkCode,
    });
    expect(markersOf(checkPublicChunks(dist))).toEqual([
      [],
      [],
      ['@firebase/', '__FIREBASE_DEFAULTS__'],
      [],
    ]);
  });

  it('finds Firebase code in the router app, which the error pages download', () => {
    const dist = fakeDist(baseManifest, {
      'index.js': '',
      'vendor.js': '',
      'App.js': firebaseSdkCode,
      'firebaseSession.js': firebaseSdkCode,
    });
    const offenders = checkPublicChunks(dist).publicFiles.filter(({ markers }) => markers.length);
    expect(offenders.map(({ file }) => file)).toEqual([asset(dist, 'App.js')]);
  });

  it('names the public pages (among them /auth) the build no longer prerenders', () => {
    const dist = fakeDist(baseManifest, {
      'index.js': '',
      'vendor.js': '',
      'App.js': '',
      'firebaseSession.js': firebaseSdkCode,
    });
    expect(checkPublicChunks(dist).missingPages).toEqual([
      '/credits',
      '/coming-soon',
      '/error400',
      '/error500',
      '/logout',
      '/auth',
    ]);
  });

  it('refuses a build whose router app is no chunk of its own', () => {
    const { 'src/app/App.tsx': _app, ...withoutApp } = baseManifest;
    const dist = fakeDist(withoutApp, { 'index.js': '', 'vendor.js': '' });
    expect(() => publicPageJsFiles(dist)).toThrow(/src\/app\/App\.tsx/);
  });

  it('checks the lazy credits, Coming Soon and /logout pages inside the app', () => {
    const manifest = {
      ...baseManifest,
      'src/features/public/CreditsPage.tsx': {
        file: 'assets/CreditsPage.js',
        isDynamicEntry: true,
      },
      'src/features/public/ComingSoonPage.tsx': {
        file: 'assets/ComingSoonPage.js',
        isDynamicEntry: true,
        imports: ['_auth.js'],
      },
      'src/features/public/LogoutPage.tsx': {
        file: 'assets/LogoutPage.js',
        isDynamicEntry: true,
        imports: ['_authStore.js'],
      },
      '_auth.js': { file: 'assets/auth.js' },
      '_authStore.js': { file: 'assets/authStore.js' },
    };
    const dist = fakeDist(manifest, {
      'index.js': '',
      'vendor.js': '',
      'App.js': '',
      'CreditsPage.js': '',
      'ComingSoonPage.js': '',
      'LogoutPage.js': '',
      'auth.js': firebaseSdkCode,
      'authStore.js': firebaseSdkCode,
      'firebaseSession.js': firebaseSdkCode,
    });
    const result = checkPublicChunks(dist);
    const offenders = result.publicFiles.filter(({ markers }) => markers.length);
    expect(offenders.map(({ file }) => file).sort()).toEqual([
      asset(dist, 'auth.js'),
      asset(dist, 'authStore.js'),
    ]);
    expect(result.publicFiles.map(({ file }) => file)).toContain(asset(dist, 'CreditsPage.js'));
    expect(pageJsFiles(dist, 'index.html')).toEqual([asset(dist, 'static.js')]);
  });

  it('finds Firebase code in a prerendered page', () => {
    const dist = fakeDist(baseManifest, {
      'static.js': firebaseSdkCode,
      'index.js': '',
      'vendor.js': '',
      'App.js': '',
      'firebaseSession.js': firebaseSdkCode,
    });
    const offenders = checkPublicChunks(dist).publicFiles.filter(({ markers }) => markers.length);
    expect(offenders.map(({ file }) => file)).toEqual([asset(dist, 'static.js')]);
  });

  it('reports a blind control when the Firebase chunk no longer carries the markers', () => {
    const dist = fakeDist(baseManifest, {
      'index.js': '',
      'vendor.js': '',
      'App.js': '',
      'firebaseSession.js': 'minified beyond recognition',
    });
    expect(checkPublicChunks(dist).control[0]?.markers).toEqual([]);
  });
});
