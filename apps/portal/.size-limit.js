// JS budgets per route (issue 14), gzip, over every JS file a visit that starts on the route
// downloads (scripts/public-chunks.mjs): what its HTML loads or preloads, with their static imports.
// The prerendered public pages answer their paths with their own HTML (scripts/prerender.mjs).
// Firebase's absence from every public page is checked by scripts/check-public-chunks.mjs, since
// size-limit only counts bytes; e2e/tests/public-pages.spec.ts measures the same in the browser.
import { relative } from 'node:path';
import {
  distDir,
  pageJsFiles,
  portalRoot,
  prerenderedPageFiles,
  readPagesManifest,
} from './scripts/public-chunks.mjs';

const budgetsByPage = {
  '/': '60 kB',
  '/credits': '80 kB',
  '/error400': '80 kB',
  '/error500': '80 kB',
  'not found': '80 kB',
  '/coming-soon': '80 kB',
  // The sign-in screen as a visit without a link's token or a stored session gets it: hydrated
  // without the router or Firebase (src/app/StandaloneSignInPage.tsx). React's client renderer
  // is ~71 kB of it and the form's react-aria-components ~25 kB; issue 14 asks for 90 kB, which
  // this design cannot reach (see the budget's history before lowering it).
  // Since the first-visit chunking (scripts/firstVisitChunks.ts) it downloads only the code it
  // runs: 97.6 kB.
  '/auth': '100 kB',
};

// A signed-in area's shell: every JS file a visit that starts in the area downloads before its
// first screen (the router app and the area's chunk with their imports; Firebase comes after the
// page has loaded and is not counted). Issue 39 cut these (Firebase and the areas' later pages
// out of the shells), and the slow-phone times of `pnpm bench:web --only screens` follow them.
const areaShellBudgets = {
  // 209.3 and 178.1 kB since the first-visit chunking, in 9 and 8 files
  // (scripts/firstVisitChunks.ts); the tutoring area's 199.0 kB since DOMPurify comes with the
  // first server HTML a page shows (packages/ui SafeHtml), not before the first screen.
  '/tutoring': '204 kB',
  '/onboarding': '183 kB',
};

const dist = distDir();
const pages = prerenderedPageFiles(dist);
const { areaShells } = readPagesManifest(dist);
for (const area of Object.keys(areaShellBudgets)) {
  if (!areaShells?.[area]) {
    throw new Error(
      `.size-limit.js has a budget for ${area}'s shell, which the build does not write.`,
    );
  }
}
for (const label of Object.keys(budgetsByPage)) {
  if (!pages.some((page) => page.label === label)) {
    throw new Error(
      `.size-limit.js has a budget for ${label}, which the build does not prerender.`,
    );
  }
}

export default [
  ...pages
    .filter(({ label }) => label in budgetsByPage)
    .map(({ label, file }) => ({
      name: `${label}: every JS file a visit that starts there downloads`,
      path: pageJsFiles(dist, file).map((path) => relative(portalRoot, path)),
      gzip: true,
      limit: budgetsByPage[label],
    })),
  ...Object.entries(areaShellBudgets).map(([area, limit]) => ({
    name: `${area} (signed in): every JS file before the area's first screen`,
    path: pageJsFiles(dist, areaShells[area]).map((path) => relative(portalRoot, path)),
    gzip: true,
    limit,
  })),
];
