// Which built JS files a public page downloads, read from Vite's manifest (build.manifest): the
// entry with its static imports, plus the public route modules and their static imports should
// they ever become lazy chunks. Shared by .size-limit.js and check-public-chunks.mjs.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const portalRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The route modules of the public pages that must stay free of Firebase (§2): landing, credits,
 * the error pages (400, 500, not-found) and /logout's page (it loads Firebase lazily, only when a
 * session exists to end).
 */
export const publicRouteModules = [
  'src/features/public/LandingPage.tsx',
  'src/features/public/ErrorStatusPage.tsx',
  'src/features/public/CreditsPage.tsx',
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

/** Absolute paths of the JS files the landing route downloads: the entry and its static imports. */
export function landingPageJsFiles(dist = distDir()) {
  const manifest = readManifest(dist);
  return jsFilesOf(dist, manifest, [entryKey(manifest)]);
}

/** Absolute paths of the JS files the public pages download, together. */
export function publicPageJsFiles(dist = distDir()) {
  const manifest = readManifest(dist);
  const roots = [entryKey(manifest), ...publicRouteModules.filter((key) => manifest[key])];
  return jsFilesOf(dist, manifest, roots);
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
