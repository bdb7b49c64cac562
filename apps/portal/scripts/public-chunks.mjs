// Which built JS files a page downloads, read from Vite's manifest (build.manifest) and the built
// HTML pages (scripts/prerender.mjs writes one per public page, and the app's shell). A page
// downloads what its HTML loads or preloads, with their static imports; a route of the app adds
// the router app (src/app/App.tsx) and its lazy route modules. Shared by .size-limit.js and
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
 * of their own, and come with the app module. /auth is public as its prerendered page (a visit
 * without a link's token or a stored session; see publicPrerenderedPaths); the app's /auth route
 * loads Firebase, as do its token and session visits.
 */
export const publicRouteModules = [
  'src/features/public/LandingPage/LandingPage.tsx',
  'src/features/public/ErrorStatusPage.tsx',
  'src/features/public/CreditsPage.tsx',
  'src/features/public/ComingSoonPage.tsx',
  'src/features/public/LogoutPage.tsx',
];

/**
 * The paths the build must prerender as public pages, whose JS (with every other prerendered
 * page's) is checked for Firebase code: a page that stopped being prerendered would otherwise drop
 * out of the check unnoticed.
 */
export const publicPrerenderedPaths = [
  '/',
  '/credits',
  '/coming-soon',
  '/error400',
  '/error500',
  '/logout',
  '/auth',
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
 * The JS files an HTML page of the build makes the browser download before any of our code runs:
 * module scripts and modulepreload links (same-origin paths; the external scripts are added at run
 * time).
 */
export function htmlJsFiles(dist, htmlFile) {
  const html = readFileSync(join(dist, htmlFile), 'utf8');
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

/** What the build's prerender step wrote (scripts/prerender.mjs): pages by path, the app's shell. */
export function readPagesManifest(dist = distDir()) {
  const path = join(dist, 'pages.json');
  if (!existsSync(path)) {
    throw new Error(`${path} is missing: run \`pnpm --filter @tutoring/portal build\` first.`);
  }
  return JSON.parse(readFileSync(path, 'utf8'));
}

/**
 * Absolute paths of the JS files an HTML page of the build downloads: what it loads or preloads,
 * with their static imports.
 */
export function pageJsFiles(dist, htmlFile) {
  const manifest = readManifest(dist);
  const keyOfFile = new Map(
    Object.entries(manifest).map(([key, chunk]) => [join(dist, chunk.file), key]),
  );
  const loaded = htmlJsFiles(dist, htmlFile);
  const roots = loaded.map((file) => keyOfFile.get(file)).filter((key) => key !== undefined);
  return unique([...loaded, ...jsFilesOf(dist, manifest, roots)]);
}

/**
 * Absolute paths of the JS files a route of the app downloads when a visit starts there: the
 * shell's, the router app's and the route modules', each with its static imports.
 */
export function appRouteJsFiles(dist, routeModules) {
  const manifest = readManifest(dist);
  if (!manifest[appModule]) {
    throw new Error(`${appModule} is not a chunk of its own in the manifest any more.`);
  }
  for (const key of routeModules) {
    if (!manifest[key])
      throw new Error(`${key} is not a chunk of its own in the manifest any more.`);
  }
  const { appShell } = readPagesManifest(dist);
  return unique([
    ...pageJsFiles(dist, appShell),
    ...jsFilesOf(dist, manifest, [appModule, ...routeModules]),
  ]);
}

/** The prerendered pages: the label of each (its path, or 'not found') and its HTML file. */
export function prerenderedPageFiles(dist = distDir()) {
  const { pages, notFound } = readPagesManifest(dist);
  return [
    ...Object.entries(pages).map(([path, file]) => ({ label: path, file })),
    { label: 'not found', file: notFound },
  ];
}

/**
 * Absolute paths of the JS files the public pages download, together: each prerendered page as
 * a visit that starts there loads it, and the same pages reached inside the app (the router app
 * and their lazy route modules).
 */
export function publicPageJsFiles(dist = distDir()) {
  const manifest = readManifest(dist);
  const inApp = appRouteJsFiles(
    dist,
    publicRouteModules.filter((key) => manifest[key]),
  );
  return unique([
    ...prerenderedPageFiles(dist).flatMap(({ file }) => pageJsFiles(dist, file)),
    ...inApp,
  ]);
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
  const { pages } = readPagesManifest(dist);
  return {
    missingPages: publicPrerenderedPaths.filter((path) => !(path in pages)),
    control: firebaseChunkFiles(dist).map(describe),
    publicFiles: publicPageJsFiles(dist).map(describe),
  };
}
