// Fails when a public page (landing, credits, error pages, /logout's page, and /auth as a visit
// without a link's token or a stored session starts it) would download Firebase
// code (ARCHITECTURE: "public pages must not download the Firebase SDK"). size-limit only measures
// bytes; this reads the files.
// It first proves its markers still find the real Firebase chunk, so it cannot pass vacuously.
// It also fails when a public page would download a signed-in area's chunk, and when a signed-in
// area's shell no longer preloads what a visit there waits for.
import { relative } from 'node:path';
import {
  appModule,
  checkPublicChunks,
  distDir,
  firebaseModule,
  htmlJsFiles,
  readManifest,
  readPagesManifest,
} from './public-chunks.mjs';

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

// The signed-in areas' own chunks (scripts/signedInChunks.ts) hold code only those areas use: a
// public page that downloads one has pulled an area's code in with a shared module.
const signedInChunk = /^assets\/(?:tutoring|onboarding|signed-in)-[\w-]+\.js$/;
const leaked = publicFiles.filter(({ file }) => signedInChunk.test(shown(file)));
for (const { file } of leaked) {
  console.error(`✗ ${shown(file)} is a signed-in area's chunk, downloaded by a public page.`);
  failed = true;
}

// The signed-in areas' shells preload what a visit waits for (scripts/prerender.mjs): without
// those links a phone finds each script only after the one before it has run (issue 14).
const { areaShells = {} } = readPagesManifest(dist);
const manifest = readManifest(dist);
for (const [area, shellFile] of Object.entries(areaShells)) {
  const preloaded = new Set(htmlJsFiles(dist, shellFile).map(shown));
  const areaChunk = `${area.replace(/^\//, '')}-`;
  const expected = [
    ['Firebase', manifest[firebaseModule]?.file],
    ['the router app', manifest[appModule]?.file],
    [`the ${area} chunk`, [...preloaded].find((file) => file.startsWith(`assets/${areaChunk}`))],
  ];
  for (const [what, file] of expected) {
    if (!file || !preloaded.has(file)) {
      console.error(`✗ ${shellFile}, the shell of ${area}, does not preload ${what}.`);
      failed = true;
    }
  }
  if (!failed) console.log(`✓ ${shellFile} preloads Firebase, the router app and ${area}'s chunk.`);
}

if (failed) process.exitCode = 1;
else {
  console.log(
    `Public pages download ${publicFiles.length} JS files, none with Firebase code or a signed-in area's chunk.`,
  );
}
