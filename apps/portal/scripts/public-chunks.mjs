// Which built JS files a public page downloads, read from Vite's manifest (build.manifest) and the
// built index.html. '/' downloads the entry with its static imports, plus whatever index.html
// names (the entry script and Vite's modulepreload links: a preloaded file is downloaded too). The
// other public pages add the router app (src/app/App.tsx, imported by the entry on any path but
// '/') and their lazy route modules, each with its static imports. Shared by .size-limit.js and
// check-public-chunks.mjs.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const portalRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The router app: the entry imports it dynamically on every path but '/'. */
export const appModule = 'src/app/App.tsx';

/**
 * The route modules of the public pages that must stay free of Firebase (§2): landing, credits,
 * the error pages (400, 500, not-found), 'Coming Soon!' and /logout's page (it loads Firebase
 * lazily, only when a session exists to end). Those the router imports statically are not chunks
 * of their own, and come with the app module.
 */
export const publicRouteModules = [
  'src/features/public/LandingPage/LandingPage.tsx',
  'src/features/public/ErrorStatusPage.tsx',
  'src/features/public/CreditsPage.tsx',
  'src/features/public/ComingSoonPage.tsx',
  'src/features/public/LogoutPage.tsx',
];

/** The module that holds the Firebase SDK; the check proves its marker still finds it. */
export const firebaseModule = 'src/auth/firebaseSession.ts';

export function distDir() {
  return resolve(portalRoot, process.env.PORTAL_DIST ?? 'dist');
}

export function readManifest(dist = distDir()) {
  const manifestPath = join(dist, '.vite/manifest.json');
  if (!existsSync(manifestPath)) {
    throw new Error(
      `${manifestPath} is missing: run \`pnpm --filter @tutoring/portal build\` first.`,
    );
  }
  return JSON.parse(readFileSync(manifestPath, 'utf8'));
}

function entryKey(manifest) {
  const keys = Object.keys(manifest).filter((key) => manifest[key].isEntry);
  if (keys.length !== 1)
    throw new Error(`Expected one entry in the manifest, found ${keys.length}.`);
  return keys[0];
}

/** Manifest keys reachable from `roots` through static imports only (what the browser loads). */
function staticClosure(manifest, roots) {
  const seen = new Set();
  const pending = [...roots];
  while (pending.length > 0) {
    const key = pending.pop();
    if (seen.has(key) || !manifest[key]) continue;
    seen.add(key);
    pending.push(...(manifest[key].imports ?? []));
  }
  return [...seen];
}

function jsFilesOf(dist, manifest, roots) {
  return staticClosure(manifest, roots)
    .map((key) => manifest[key].file)
    .filter((file) => file.endsWith('.js'))
    .map((file) => join(dist, file));
}

/**
 * The JS files the built index.html makes the browser download before any of our code runs: module
 * scripts and modulepreload links (same-origin paths; the external scripts are added at run time).
 */
export function indexHtmlJsFiles(dist = distDir()) {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const files = [];
  for (const [tag] of html.matchAll(/<(?:script|link)\b[^>]*>/g)) {
    const isScript = tag.startsWith('<script');
    if (!isScript && !/\brel=["']?modulepreload\b/.test(tag)) continue;
    const url = /\b(?:src|href)=["']?([^"'\s>]+)/.exec(tag)?.[1];
    if (!url || /^(?:[a-z][a-z\d+.-]*:)?\/\//i.test(url)) continue;
    files.push(join(dist, url.replace(/^\//, '')));
  }
  return files;
}

const unique = (files) => [...new Set(files)];

/**
 * Absolute paths of the JS files the landing route downloads: the entry and its static imports,
 * and every file index.html loads or preloads.
 */
export function landingPageJsFiles(dist = distDir()) {
  const manifest = readManifest(dist);
  return unique([...jsFilesOf(dist, manifest, [entryKey(manifest)]), ...indexHtmlJsFiles(dist)]);
}

/** Absolute paths of the JS files the public pages download, together. */
export function publicPageJsFiles(dist = distDir()) {
  const manifest = readManifest(dist);
  if (!manifest[appModule]) {
    throw new Error(`${appModule} is not a chunk of its own in the manifest any more.`);
  }
  const roots = [appModule, ...publicRouteModules.filter((key) => manifest[key])];
  return unique([...landingPageJsFiles(dist), ...jsFilesOf(dist, manifest, roots)]);
}

/** Absolute paths of the JS files of the chunk that holds the Firebase SDK. */
export function firebaseChunkFiles(dist = distDir()) {
  const manifest = readManifest(dist);
  if (!manifest[firebaseModule]) {
    throw new Error(`${firebaseModule} is not a chunk of its own in the manifest any more.`);
  }
  return [join(dist, manifest[firebaseModule].file)];
}

/**
 * Markers of Firebase SDK code: '@firebase/' (the SDK registers its packages under these names,
 * kept as strings after minification) and '__FIREBASE_DEFAULTS__' (its defaults lookup). The
 * portal's own code mentions neither, and a file name such as 'firebaseSession-xyz.js' does not
 * match.
 */
export const firebaseMarkers = ['@firebase/', '__FIREBASE_DEFAULTS__'];

export function firebaseMarkersIn(file) {
  const code = readFileSync(file, 'utf8');
  return firebaseMarkers.filter((marker) => code.includes(marker));
}

/**
 * Reads the public pages' JS for Firebase code. `control` lists the Firebase chunk with the markers
 * found in it: an empty marker list there means the check has gone blind and must fail too.
 */
export function checkPublicChunks(dist = distDir()) {
  const describe = (file) => ({ file, markers: firebaseMarkersIn(file) });
  return {
    control: firebaseChunkFiles(dist).map(describe),
    publicFiles: publicPageJsFiles(dist).map(describe),
  };
}
