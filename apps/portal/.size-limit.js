// Performance budget of the landing route, measured on the built files it downloads as listed by
// Vite's manifest (scripts/public-chunks.mjs): the entry and its static imports, which include the
// error pages. Firebase's absence from every public page (landing, credits, errors, /logout) is
// checked by scripts/check-public-chunks.mjs, since size-limit only counts bytes.
//
// The target is 80 KB gzip. The framework alone is above it: react-dom 19 is ~62 KB gzip,
// react-router's data router ~29 KB, react ~3 KB. The limit below holds the current size with a
// little headroom, so any regression (Firebase, TanStack Query, a heavy widget) fails the check.
import { relative } from 'node:path';
import { landingPageJsFiles, portalRoot } from './scripts/public-chunks.mjs';

export default [
  {
    name: 'Landing route (/): every JS file it downloads',
    path: landingPageJsFiles().map((file) => relative(portalRoot, file)),
    gzip: true,
    limit: '120 kB',
  },
];
