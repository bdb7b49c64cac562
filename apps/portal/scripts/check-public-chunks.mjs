// Fails when a public page (landing, credits, error pages, /logout's page, and /auth as a visit
// without a link's token or a stored session starts it) would download Firebase
// code (ARCHITECTURE: "public pages must not download the Firebase SDK"). size-limit only measures
// bytes; this reads the files.
// It first proves its markers still find the real Firebase chunk, so it cannot pass vacuously.
// It also fails when a public page would download a signed-in area's chunk, and when a signed-in
// area's shell no longer preloads what a visit there waits for, or preloads Firebase or a later page,
// or when the code its first screen runs as it loads lacks V8's compile hint.
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import {
  appModule,
  checkPublicChunks,
  distDir,
  firebaseMarkersIn,
  htmlJsFiles,
  readManifest,
  readPagesManifest,
} from './public-chunks.mjs';

/** firstVisitChunks.ts's eagerCompileHint (this plain-Node script cannot import TypeScript). */
const eagerCompileHint = '//# allFunctionsCalledOnLoad';
const dist = distDir();
const shown = (file) => relative(dist, file);
const { control, publicFiles, missingPages } = checkPublicChunks(dist);
let failed = false;

for (const path of missingPages) {
  console.error(`✗ ${path} is no longer a prerendered page: its JS would escape this check.`);
  failed = true;
}

for (const { file, markers } of control) {
  if (markers.length === 0) {
    console.error(`✗ control: the Firebase chunk ${shown(file)} has none of the markers any more.`);
    failed = true;
  } else {
    console.log(
      `✓ control: the Firebase chunk ${shown(file)} is detected (${markers.join(', ')}).`,
    );
  }
}
for (const { file, markers } of publicFiles) {
  if (markers.length > 0) {
    console.error(
      `✗ ${shown(file)} is downloaded by a public page and contains Firebase code (${markers.join(', ')}).`,
    );
    failed = true;
  } else {
    console.log(`✓ ${shown(file)}: no Firebase code.`);
  }
}

// The chunks named after the signed-in areas alone (scripts/firstVisitChunks.ts: 'tutoring',
// 'onboarding', 'onboarding-tutoring') hold code only those areas use: a public page that
// downloads one has pulled an area's code in with a shared module.
const signedInChunk = /^assets\/(?:onboarding-tutoring|onboarding|tutoring)-[\w-]{8}\.js$/;
const leaked = publicFiles.filter(({ file }) => signedInChunk.test(shown(file)));
for (const { file } of leaked) {
  console.error(`✗ ${shown(file)} is a signed-in area's chunk, downloaded by a public page.`);
  failed = true;
}

// The signed-in areas' shells preload what a visit waits for (scripts/prerender.mjs): without
// those links a phone finds each script only after the one before it has run (issue 14). Firebase
// is not among them: a visit with a stored session renders from it and asks for Firebase once the
// page has loaded (issue 39), so Firebase's download must not share the first second with the
// screen's code; nor are the area's later pages (scripts/firstVisitChunks.ts).
const { areaShells = {} } = readPagesManifest(dist);
const manifest = readManifest(dist);
const laterPageFiles = new Set(
  Object.entries(manifest)
    .filter(([key]) => /^src\/features\/(?:tutoring\/pages|onboarding\/pages)\//.test(key))
    .filter(([key]) => !key.endsWith('/DashboardPage.tsx'))
    .map(([, chunk]) => chunk.file),
);
for (const [area, shellFile] of Object.entries(areaShells)) {
  let shellFailed = false;
  const preloadedFiles = htmlJsFiles(dist, shellFile);
  const preloaded = new Set(preloadedFiles.map(shown));
  const areaChunk = `${area.replace(/^\//, '')}-`;
  const expected = [
    ['the router app', manifest[appModule]?.file],
    [`the ${area} chunk`, [...preloaded].find((file) => file.startsWith(`assets/${areaChunk}`))],
  ];
  for (const [what, file] of expected) {
    if (!file || !preloaded.has(file)) {
      console.error(`✗ ${shellFile}, the shell of ${area}, does not preload ${what}.`);
      shellFailed = true;
    }
  }
  // The code the first screen runs as it loads starts with V8's compile hint
  // (scripts/firstVisitChunks.ts): the app's entry, the router app and the area's chunk.
  const entry = [...preloaded].find((file) => /^assets\/index-[\w-]{8}\.js$/.test(file));
  for (const [what, file] of [['the app entry', entry], ...expected]) {
    if (file && !readFileSync(join(dist, file), 'utf8').startsWith(`${eagerCompileHint}\n`)) {
      console.error(
        `✗ ${shellFile}, the shell of ${area}: ${what} (${file}) does not start with ${eagerCompileHint}.`,
      );
      shellFailed = true;
    }
  }
  for (const file of preloadedFiles) {
    const markers = firebaseMarkersIn(file);
    if (markers.length > 0) {
      console.error(
        `✗ ${shellFile}, the shell of ${area}, preloads ${shown(file)} with Firebase code (${markers.join(', ')}).`,
      );
      shellFailed = true;
    }
    if (laterPageFiles.has(shown(file))) {
      console.error(`✗ ${shellFile}, the shell of ${area}, preloads a later page: ${shown(file)}.`);
      shellFailed = true;
    }
  }
  if (shellFailed) failed = true;
  else {
    console.log(
      `✓ ${shellFile} preloads the router app and ${area}'s chunk (each, and the entry, with the compile hint), no Firebase and no later page.`,
    );
  }
}

if (failed) process.exitCode = 1;
else {
  console.log(
    `Public pages download ${publicFiles.length} JS files, none with Firebase code or a signed-in area's chunk.`,
  );
}
