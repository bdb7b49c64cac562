// The service worker (issue 39.2 and 39.3), written by Workbox (workbox-build's generateSW) into
// dist/sw.js at the end of the prerender step (scripts/prerender.mjs), because what it precaches
// exists only then: the app's shell (app.html) and pages.json's path patterns of the app.
//
//   - Precached: the app's shell, every script and style sheet of the build (the signed-in areas'
//     chunks, the router app, Firebase), the web app manifest and its icons. Hashed files are
//     fetched once per name; the shell and the manifest by the digest of their content.
//   - A navigation to a path of the app's route table (/tutoring, /tutoring/messenger/42,
//     /onboarding/…) is answered with the precached shell, without the network: the app starts
//     offline and on a slow network at once. Every other navigation goes to the server as
//     without a service worker: the prerendered public pages (/, /credits, /auth, the error
//     pages) keep their own HTML, and an unknown path its 404 page.
//   - Nothing else is intercepted: /api/* (the data layer, TanStack Query, handles data), the
//     external scripts and frames go to the network untouched.
//   - Updates: the browser fetches /sw.js again (never from its HTTP cache: the server sends it
//     no-cache, and the registration says updateViaCache 'none') on each navigation and when the
//     app asks (src/app/serviceWorker.ts). A changed build installs in the background,
//     precaches the new files, takes over at once (skipWaiting, clientsClaim) and deletes the old
//     version's; an open page keeps the code it runs and the next load starts the new version.
import { join } from 'node:path';
import { generateSW } from 'workbox-build';
import { distDir, readPagesManifest } from './public-chunks.mjs';

export const serviceWorkerFile = 'sw.js';

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
  const { appShell, appRoutes } = readPagesManifest(dist);
  const { count, size, warnings } = await generateSW({
    swDest: join(dist, serviceWorkerFile),
    globDirectory: dist,
    globPatterns: [
      appShell,
      'assets/**/*.{js,css,svg,png,woff2}',
      'manifest.webmanifest',
      'icons/*.png',
    ],
    // The build's compressed copies (scripts/precompress.mjs) are the server's business.
    globIgnores: ['**/*.br', '**/*.gz'],
    // Vite's hashed names change with their content: no revision needed.
    dontCacheBustURLsMatching: /^assets\/.+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+$/,
    navigateFallback: `/${appShell}`,
    navigateFallbackAllowlist: appRoutes.map(routePatternRegExp),
    navigateFallbackDenylist: [/^\/api(?:\/|$)/],
    skipWaiting: true,
    clientsClaim: true,
    cleanupOutdatedCaches: true,
    // One file, sw.js, served from this origin (CSP script-src 'self'), no importScripts.
    inlineWorkboxRuntime: true,
    mode: 'production',
    sourcemap: false,
  });
  for (const warning of warnings) console.warn(`service worker: ${warning}`);
  return { count, size };
}
