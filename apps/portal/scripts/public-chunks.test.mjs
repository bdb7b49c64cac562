import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkPublicChunks, landingPageJsFiles } from './public-chunks.mjs';

const firebaseSdkCode = 'registerVersion("@firebase/app","0.16.2");self.__FIREBASE_DEFAULTS__;';
const dists = [];

/** A fake Vite build: the manifest plus one file per chunk. */
function fakeDist(manifest, files) {
  const dist = mkdtempSync(join(tmpdir(), 'portal-dist-'));
  dists.push(dist);
  mkdirSync(join(dist, '.vite'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, '.vite/manifest.json'), JSON.stringify(manifest));
  for (const [name, code] of Object.entries(files)) writeFileSync(join(dist, 'assets', name), code);
  return dist;
}

const baseManifest = {
  'index.html': {
    file: 'assets/index.js',
    isEntry: true,
    imports: ['_vendor.js'],
    dynamicImports: ['src/auth/firebaseSession.ts'],
  },
  '_vendor.js': { file: 'assets/vendor.js' },
  'src/auth/firebaseSession.ts': { file: 'assets/firebaseSession.js', isDynamicEntry: true },
};

const markersOf = (result) => result.publicFiles.map(({ markers }) => markers);

afterEach(() => {
  for (const dist of dists.splice(0)) rmSync(dist, { recursive: true, force: true });
});

describe('checkPublicChunks', () => {
  it('passes when Firebase is only reachable through a dynamic import, even by file name', () => {
    const dist = fakeDist(baseManifest, {
      'index.js': 'import("./firebaseSession.js")',
      'vendor.js': 'export const x = 1;',
      'firebaseSession.js': firebaseSdkCode,
    });
    const result = checkPublicChunks(dist);
    expect(result.publicFiles.map(({ file }) => file)).toEqual([
      join(dist, 'assets/index.js'),
      join(dist, 'assets/vendor.js'),
    ]);
    expect(markersOf(result)).toEqual([[], []]);
    expect(result.control[0]?.markers).toEqual(['@firebase/', '__FIREBASE_DEFAULTS__']);
  });

  it('finds Firebase code in a chunk the entry imports statically', () => {
    const dist = fakeDist(baseManifest, {
      'index.js': '',
      'vendor.js': firebaseSdkCode,
      'firebaseSession.js': firebaseSdkCode,
    });
    expect(markersOf(checkPublicChunks(dist))).toEqual([
      [],
      ['@firebase/', '__FIREBASE_DEFAULTS__'],
    ]);
  });

  it('follows a lazily loaded public route and its static imports', () => {
    const manifest = {
      ...baseManifest,
      'src/features/public/LandingPage.tsx': {
        file: 'assets/LandingPage.js',
        isDynamicEntry: true,
        imports: ['_auth.js'],
      },
      '_auth.js': { file: 'assets/auth.js' },
    };
    const dist = fakeDist(manifest, {
      'index.js': '',
      'vendor.js': '',
      'LandingPage.js': '',
      'auth.js': firebaseSdkCode,
      'firebaseSession.js': firebaseSdkCode,
    });
    const offenders = checkPublicChunks(dist).publicFiles.filter(({ markers }) => markers.length);
    expect(offenders.map(({ file }) => file)).toEqual([join(dist, 'assets/auth.js')]);
  });

  it('checks the lazy credits and /logout pages for Firebase, outside the landing budget', () => {
    const manifest = {
      ...baseManifest,
      'src/features/public/CreditsPage.tsx': {
        file: 'assets/CreditsPage.js',
        isDynamicEntry: true,
      },
      'src/features/public/LogoutPage.tsx': {
        file: 'assets/LogoutPage.js',
        isDynamicEntry: true,
        imports: ['_authStore.js'],
      },
      '_authStore.js': { file: 'assets/authStore.js' },
    };
    const dist = fakeDist(manifest, {
      'index.js': '',
      'vendor.js': '',
      'CreditsPage.js': '',
      'LogoutPage.js': '',
      'authStore.js': firebaseSdkCode,
      'firebaseSession.js': firebaseSdkCode,
    });
    const offenders = checkPublicChunks(dist).publicFiles.filter(({ markers }) => markers.length);
    expect(offenders.map(({ file }) => file)).toEqual([join(dist, 'assets/authStore.js')]);
    expect(checkPublicChunks(dist).publicFiles.map(({ file }) => file)).toContain(
      join(dist, 'assets/CreditsPage.js'),
    );
    expect(landingPageJsFiles(dist)).toEqual([
      join(dist, 'assets/index.js'),
      join(dist, 'assets/vendor.js'),
    ]);
  });

  it('reports a blind control when the Firebase chunk no longer carries the markers', () => {
    const dist = fakeDist(baseManifest, {
      'index.js': '',
      'vendor.js': '',
      'firebaseSession.js': 'minified beyond recognition',
    });
    expect(checkPublicChunks(dist).control[0]?.markers).toEqual([]);
  });
});
