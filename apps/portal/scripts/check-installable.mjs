// Fails when the build is not installable as issue 39.3 asks (`pnpm --filter @tutoring/portal
// size:check` runs it after the budgets): the web app manifest with its name, start URL, display,
// scope, the theme's colours and PNG icons of 192 and 512 px (and a maskable one) whose files
// have those sizes; every page linking it; and the service worker precaching the app's shell and
// the signed-in areas' chunks, answering the app's paths with the shell and nothing else.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { distDir, readPagesManifest } from './public-chunks.mjs';
import { serviceWorkerFile } from './service-worker.mjs';

const dist = distDir();
const problems = [];
const fail = (problem) => problems.push(problem);

/** Width and height of a PNG, from its IHDR chunk. */
function pngSize(buffer) {
  const signature = '89504e470d0a1a0a';
  if (
    buffer.subarray(0, 8).toString('hex') !== signature ||
    buffer.toString('latin1', 12, 16) !== 'IHDR'
  ) {
    return undefined;
  }
  return { width: buffer.readUInt32BE(16), height: buffer.readUInt32BE(20) };
}

const manifestPath = join(dist, 'manifest.webmanifest');
const manifest = existsSync(manifestPath) ? JSON.parse(readFileSync(manifestPath, 'utf8')) : {};
if (!existsSync(manifestPath)) fail('dist has no manifest.webmanifest.');
for (const field of ['name', 'short_name', 'theme_color', 'background_color']) {
  if (typeof manifest[field] !== 'string' || manifest[field] === '')
    fail(`the manifest has no ${field}.`);
}
const expected = { start_url: '/tutoring', display: 'standalone', scope: '/' };
for (const [field, value] of Object.entries(expected)) {
  if (manifest[field] !== value)
    fail(`the manifest's ${field} is ${manifest[field]}, not ${value}.`);
}

const icons = manifest.icons ?? [];
const wanted = [
  { sizes: '192x192', purpose: 'any' },
  { sizes: '512x512', purpose: 'any' },
  { sizes: '512x512', purpose: 'maskable' },
];
for (const { sizes, purpose } of wanted) {
  const icon = icons.find(
    (i) => i.sizes === sizes && (i.purpose ?? 'any').split(' ').includes(purpose),
  );
  if (!icon) {
    fail(`the manifest has no ${purpose} icon of ${sizes}.`);
    continue;
  }
  const file = join(dist, icon.src.replace(/^\//, ''));
  const size = existsSync(file) ? pngSize(readFileSync(file)) : undefined;
  if (icon.type !== 'image/png' || !size || `${size.width}x${size.height}` !== sizes) {
    fail(
      `${icon.src} is not a PNG of ${sizes}${size ? ` (it is ${size.width}x${size.height})` : ''}.`,
    );
  }
}

const pagesManifest = readPagesManifest(dist);
const htmlFiles = [
  pagesManifest.appShell,
  pagesManifest.notFound,
  ...Object.values(pagesManifest.pages),
  ...Object.values(pagesManifest.areaShells ?? {}),
];
for (const file of htmlFiles) {
  if (
    !readFileSync(join(dist, file), 'utf8').includes(
      '<link rel="manifest" href="/manifest.webmanifest">',
    )
  ) {
    fail(`${file} does not link the web app manifest.`);
  }
}

const workerPath = join(dist, serviceWorkerFile);
const worker = existsSync(workerPath) ? readFileSync(workerPath, 'utf8') : '';
if (!worker) fail(`dist has no ${serviceWorkerFile}.`);
const precached = [...worker.matchAll(/url:"([^"]+)"/g)].map(([, url]) => url);
const mustPrecache = [
  pagesManifest.appShell,
  // Each signed-in area's shell, which the worker answers the area's paths with.
  ...Object.values(pagesManifest.areaShells ?? {}),
  'manifest.webmanifest',
  ...icons.map((icon) => icon.src.replace(/^\//, '')),
];
for (const url of mustPrecache) {
  if (!precached.includes(url)) fail(`${serviceWorkerFile} does not precache ${url}.`);
}
for (const area of ['tutoring', 'onboarding']) {
  if (!precached.some((url) => new RegExp(`^assets/${area}-[\\w-]+\\.js$`).test(url))) {
    fail(`${serviceWorkerFile} does not precache the ${area} area's chunk.`);
  }
}
if (precached.some((url) => /^\/?api\//.test(url) || /\.(?:br|gz)$/.test(url))) {
  fail(`${serviceWorkerFile} precaches an API answer or a compressed copy.`);
}
if (!/importScripts\("\/assets\/sw-area-shells-[\w-]+\.js"\)/.test(worker)) {
  fail(`${serviceWorkerFile} does not import the area shells' script.`);
}
if (!worker.includes(`"/${pagesManifest.appShell}"`)) {
  fail(`${serviceWorkerFile} does not answer the app's paths with /${pagesManifest.appShell}.`);
}

if (problems.length > 0) {
  for (const problem of problems) console.error(`✗ ${problem}`);
  process.exitCode = 1;
} else {
  console.log(
    `✓ Installable: ${manifest.name} (${manifest.short_name}) opens ${manifest.start_url}; ${serviceWorkerFile} precaches ${precached.length} files, the app's and the areas' shells and both areas' chunks.`,
  );
}
