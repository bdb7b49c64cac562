// Performance budget of the landing route (issue: "the landing route's JS is ≤ 80 KB gzip"),
// measured on the built files '/' downloads (scripts/public-chunks.mjs): the entry with its static
// imports and whatever index.html loads or preloads. The entry renders the landing page with React
// alone there; the router app is a separate chunk for the other paths. Firebase's absence from
// every public page (landing, credits, errors, 'Coming Soon!', /logout) is checked by
// scripts/check-public-chunks.mjs, since size-limit only counts bytes. e2e/tests/public-pages.spec.ts
// measures the same in the browser.
import { relative } from 'node:path';
import { landingPageJsFiles, portalRoot } from './scripts/public-chunks.mjs';

export default [
  {
    name: 'Landing route (/): every JS file it downloads',
    path: landingPageJsFiles().map((file) => relative(portalRoot, file)),
    gzip: true,
    limit: '80 kB',
  },
];
