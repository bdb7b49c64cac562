// The service worker (issue 39.2 and 39.3), written by Workbox (workbox-build's generateSW) into
// dist/sw.js at the end of the prerender step (scripts/prerender.mjs), because what it precaches
// exists only then: the app's shell (app.html) and pages.json's path patterns of the app.
//
//   - Precached: the app's shell and the signed-in areas' shells, every script and style sheet of
//     the build (the areas' chunks, the router app, Firebase), the web app manifest and its icons. Hashed files are
//     fetched once per name; the shell and the manifest by the digest of their content.
//   - A navigation to a path of the app's route table (/tutoring, /tutoring/messenger/42,
//     /onboarding/…) is answered with the precached shell, without the network: the app starts
//     offline and on a slow network at once. A signed-in area's paths get that area's shell,
//     which preloads its first screen (areaShellsScript below); the other app paths the app's.
//     Every other navigation goes to the server as without a service worker: the prerendered
//     public pages (/, /credits, /auth, the error pages) keep their own HTML, and an unknown
//     path its 404 page.
//   - Nothing else is intercepted: /api/* (the data layer, TanStack Query, handles data), the
//     external scripts and frames go to the network untouched.
//   - Updates: the browser fetches /sw.js again (never from its HTTP cache: the server sends it
//     no-cache, and the registration says updateViaCache 'none') on each navigation and when the
//     app asks (src/app/serviceWorker.ts). A changed build installs in the background,
//     precaches the new files, takes over at once (skipWaiting, clientsClaim) and deletes the old
//     version's; an open page keeps the code it runs and the next load starts the new version.
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateSW } from 'workbox-build';
import { distDir, readPagesManifest } from './public-chunks.mjs';

export const serviceWorkerFile = 'sw.js';

/**
 * The worker's answer to a navigation into a signed-in area: that area's shell (scripts/
 * prerender.mjs), whose preload links let the browser ask for all of the area's first screen at
 * once, instead of the app's plain shell, from which it finds each chunk only after the one before
 * it has run (issue 39: a return visit's scripts arrived in four rounds, 0.15 to 0.76 s, `pnpm
 * bench:web --only screens`). Workbox's generateSW has one navigation fallback, so this small
 * script, imported by sw.js before Workbox's own listeners, answers those navigations first from
 * the precache (a shell's cache key carries its revision, hence ignoreSearch), and leaves every
 * other request to Workbox. Its name carries its content's hash (served immutable, like every
 * asset): a change makes a new sw.js, which the browser installs as any update.
 */
export function areaShellsScript(areaRoutes) {
  const routes = areaRoutes.map(({ shell, patterns }) => ({
    shell: `/${shell}`,
    patterns: patterns.map((pattern) => routePatternRegExp(pattern).source),
  }));
  return `// Written by apps/portal/scripts/service-worker.mjs (areaShellsScript): see there.
const areaShells = ${JSON.stringify(routes)}.map(({ shell, patterns }) => ({
  shell,
  patterns: patterns.map((source) => new RegExp(source)),
}));
self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.mode !== 'navigate' || request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  const path = url.pathname + url.search;
  const area = areaShells.find(({ patterns }) => patterns.some((pattern) => pattern.test(path)));
  if (!area) return;
  event.respondWith(
    caches
      .match(area.shell, { ignoreSearch: true })
      .then((shell) => shell ?? fetch(request)),
  );
});
`;
}

/** The app's route patterns of each signed-in area, with the area's shell (pages.json). */
export function areaRoutesOf({ areaShells = {}, appRoutes = [] }) {
  return Object.entries(areaShells).map(([area, shell]) => ({
    shell,
    patterns: appRoutes.filter((pattern) => pattern === area || pattern.startsWith(`${area}/`)),
  }));
}

/**
 * A route pattern of the app's table ('/tutoring/messenger/:studentId') as the regular
 * expression Workbox tests a navigation's path and query against.
 */
export function routePatternRegExp(pattern) {
  const path = pattern
    .replace(/\/$/, '')
    .split('/')
    .map((segment) =>
      segment.startsWith(':') ? '[^/?#]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('/');
  return new RegExp(`^${path}/?(?:\\?.*)?$`);
}

export async function writeServiceWorker(dist = distDir()) {
  const pagesManifest = readPagesManifest(dist);
  const { appShell, appRoutes, areaShells = {} } = pagesManifest;
  const areaScript = areaShellsScript(areaRoutesOf(pagesManifest));
  const areaScriptHash = createHash('sha256').update(areaScript).digest('base64url').slice(0, 10);
  const areaScriptFile = `assets/sw-area-shells-${areaScriptHash}.js`;
  writeFileSync(join(dist, areaScriptFile), areaScript);
  const { count, size, warnings } = await generateSW({
    swDest: join(dist, serviceWorkerFile),
    globDirectory: dist,
    globPatterns: [
      appShell,
      ...Object.values(areaShells),
      'assets/**/*.{js,css,svg,png,woff2}',
      'manifest.webmanifest',
      'icons/*.png',
    ],
    // The build's compressed copies (scripts/precompress.mjs) are the server's business.
    // The area shells' script is the worker's own, loaded with it.
    globIgnores: ['**/*.br', '**/*.gz', 'assets/sw-area-shells-*.js'],
    importScripts: [`/${areaScriptFile}`],
    // Vite's hashed names change with their content: no revision needed.
    dontCacheBustURLsMatching: /^assets\/.+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+$/,
    navigateFallback: `/${appShell}`,
    navigateFallbackAllowlist: appRoutes.map(routePatternRegExp),
    navigateFallbackDenylist: [/^\/api(?:\/|$)/],
    skipWaiting: true,
    clientsClaim: true,
    cleanupOutdatedCaches: true,
    // Workbox's runtime inlined into sw.js; the one imported script is the area shells' (above),
    // from this origin (CSP script-src 'self').
    inlineWorkboxRuntime: true,
    mode: 'production',
    sourcemap: false,
  });
  for (const warning of warnings) console.warn(`service worker: ${warning}`);
  return { count, size };
}
