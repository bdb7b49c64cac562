import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  checkPublicChunks,
  indexHtmlJsFiles,
  landingPageJsFiles,
  publicPageJsFiles,
} from './public-chunks.mjs';

const firebaseSdkCode = 'registerVersion("@firebase/app","0.16.2");self.__FIREBASE_DEFAULTS__;';
const dists = [];

const entryHtml = '<script type="module" crossorigin src="/assets/index.js"></script>';

/** A fake Vite build: the manifest, index.html and one file per chunk. */
function fakeDist(manifest, files, indexHtml = entryHtml) {
  const dist = mkdtempSync(join(tmpdir(), 'portal-dist-'));
  dists.push(dist);
  mkdirSync(join(dist, '.vite'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, '.vite/manifest.json'), JSON.stringify(manifest));
  writeFileSync(join(dist, 'index.html'), indexHtml);
  for (const [name, code] of Object.entries(files)) writeFileSync(join(dist, 'assets', name), code);
  return dist;
}

const baseManifest = {
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

describe('landingPageJsFiles', () => {
  it("counts the entry and its static imports, not the router app '/' never imports", () => {
    const dist = fakeDist(baseManifest, { 'index.js': '', 'vendor.js': '', 'App.js': '' });
    expect(landingPageJsFiles(dist)).toEqual([asset(dist, 'index.js'), asset(dist, 'vendor.js')]);
  });

  it('counts a file index.html preloads even when no static import leads to it', () => {
    const indexHtml = [
      '<script type="module" crossorigin src="/assets/index.js"></script>',
      '<link rel="modulepreload" crossorigin href="/assets/App.js">',
      '<link rel="stylesheet" crossorigin href="/assets/index.css">',
      '<script async src="https://proof.example.org/widget.js"></script>',
    ].join('\n');
    const dist = fakeDist(
      baseManifest,
      { 'index.js': '', 'vendor.js': '', 'App.js': '' },
      indexHtml,
    );
    expect(indexHtmlJsFiles(dist)).toEqual([asset(dist, 'index.js'), asset(dist, 'App.js')]);
    expect(landingPageJsFiles(dist)).toEqual([
      asset(dist, 'index.js'),
      asset(dist, 'vendor.js'),
      asset(dist, 'App.js'),
    ]);
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
      asset(dist, 'index.js'),
      asset(dist, 'vendor.js'),
      asset(dist, 'App.js'),
    ]);
    expect(markersOf(result)).toEqual([[], [], []]);
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

  it('refuses a build whose router app is no chunk of its own', () => {
    const { 'src/app/App.tsx': _app, ...withoutApp } = baseManifest;
    const dist = fakeDist(withoutApp, { 'index.js': '', 'vendor.js': '' });
    expect(() => publicPageJsFiles(dist)).toThrow(/src\/app\/App\.tsx/);
  });

  it('checks the lazy credits, Coming Soon and /logout pages, outside the landing budget', () => {
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
    expect(landingPageJsFiles(dist)).toEqual([asset(dist, 'index.js'), asset(dist, 'vendor.js')]);
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
