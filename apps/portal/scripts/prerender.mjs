// The build's second step (`pnpm --filter @tutoring/portal build` runs it after `vite build`):
// renders the public pages to HTML with React's server renderer (src/app/prerender.tsx, built by
// Vite for Node with the same plugins, so the class names match the client's CSS) and writes them
// into dist beside the app:
//
//   dist/app.html      the app's shell (Vite's index.html): every path of the route table
//   dist/app-<area>.html  the same for a signed-in area's paths, preloading the area's code
//   dist/index.html    the landing page
//   dist/<name>.html   the other public pages; 404.html for any path without a route
//
// Pages without behaviour of their own get one small script (src/staticPage.ts) and no React;
// /logout is hydrated by the app's entry (src/main.tsx).
//   dist/pages.json    which file answers which path, and the app's path patterns, for the server
//   dist/sw.js         then the service worker, which precaches the app's shell and answers the
//                      app's paths with it (scripts/service-worker.mjs)
//
// Each page links the CSS its modules need and preloads the JS that takes it over, as the
// manifest lists them, so that it paints complete before any script runs and hydrates without a
// waterfall. No inline script or style: the CSP forbids both (the build fails on either).
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import { distDir, portalRoot, readManifest } from './public-chunks.mjs';
import { serviceWorkerFile, writeServiceWorker } from './service-worker.mjs';

export const appShellFile = 'app.html';
export const pagesManifestFile = 'pages.json';
const staticPageEntry = 'src/staticPage.ts';
const appEntry = 'index.html';

/**
 * Manifest keys reachable from `roots` through static imports, each after what it imports (in
 * import order), as Vite orders a chunk's CSS: a style sheet comes after those it builds on.
 */
function staticClosure(manifest, roots) {
  const ordered = [];
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    if (!manifest[key]) throw new Error(`${key} is not in the build's manifest.`);
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
    ordered.push(key);
  };
  for (const root of roots) visit(root);
  return ordered;
}

const cssOf = (manifest, keys) => [...new Set(keys.flatMap((key) => manifest[key].css ?? []))];
const jsOf = (manifest, keys) =>
  keys.map((key) => manifest[key].file).filter((file) => file.endsWith('.js'));

/**
 * Renders the pages with a Node build of src/app/prerender.tsx, in a folder of its own inside the
 * package (so that the build's bare imports, React and the rest, resolve from its node_modules).
 */
async function renderPages(dist) {
  const outDir = join(portalRoot, 'node_modules/.cache', `prerender-${basename(dist)}`);
  try {
    await build({
      root: portalRoot,
      logLevel: 'warn',
      build: {
        ssr: 'src/app/prerender.tsx',
        outDir,
        emptyOutDir: true,
        manifest: false,
        rollupOptions: { output: { entryFileNames: 'prerender.mjs' } },
      },
    });
    const prerender = await import(pathToFileURL(join(outDir, 'prerender.mjs')).href);
    return {
      pages: await prerender.renderPrerenderedPages(),
      appRoutes: prerender.appRoutePatterns(),
    };
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

const titlePattern = /<title>([\s\S]*?)<\/title>/;

/** The document with modulepreload and stylesheet links added to its head, each once. */
function withLinks(html, { css, preloads }) {
  const links = [
    ...preloads.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
    ...css.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
  ]
    .filter((link) => !html.includes(link))
    .map((link) => `    ${link}\n`)
    .join('');
  return html.replace('  </head>', `${links}  </head>`);
}

/**
 * The signed-in areas' shells: the app's shell that also preloads what a visit to the area waits
 * for: the router app and the chunks of the area's first screen (scripts/firstVisitChunks.ts), with their
 * imports and CSS. Without them the browser learns of each only after the script before it has
 * run: on a phone's slow network, index, then the app, then the area, each a round trip and a
 * download later (`pnpm bench:web --only screens`). Firebase is not among them: a visit with a
 * stored session renders from it and asks for Firebase once its first screen has its answers (src/auth
 * authStore.ts startSession), and one without is sent to sign in. A visit without a session has
 * preloaded the area for nothing, which is the rarer case on these paths.
 */
const areaShells = { '/tutoring': 'tutoring', '/onboarding': 'onboarding' };

/**
 * The manifest's keys of the chunks a visit to an area opens with: scripts/firstVisitChunks.ts
 * names each after the first visits that download it, joined by '-' ('tutoring',
 * 'app-onboarding-tutoring', ...).
 */
function areaChunkKeys(manifest, area) {
  const keys = Object.keys(manifest).filter(
    (key) => key.startsWith('_') && manifest[key].name?.split('-').includes(area),
  );
  if (!keys.some((key) => manifest[key].name === area)) {
    throw new Error(`The build has no chunk of the ${area} area to preload.`);
  }
  return keys;
}

function areaShellDocument(shell, manifest, area) {
  const keys = staticClosure(manifest, areaChunkKeys(manifest, area));
  return withLinks(shell, { css: cssOf(manifest, keys), preloads: jsOf(manifest, keys) });
}

/** The shell with the page in #root, its title in the head, and its CSS and JS linked. */
function pageDocument(shell, page, { css, preloads, script, headScript }) {
  // React writes a page's <title> where the component renders it; it belongs in the head.
  const title = titlePattern.exec(page.html);
  const body = title ? page.html.replace(title[0], '') : page.html;
  let html = shell;
  if (title) html = html.replace(titlePattern, title[0]);
  if (script) {
    html = html.replace(
      /<script type="module" crossorigin src="[^"]+"><\/script>/,
      `<script type="module" crossorigin src="/${script}"></script>`,
    );
    // The app's own preloads and CSS are not this page's.
    html = html.replace(
      /\s*<link rel="(?:modulepreload|stylesheet)" crossorigin href="[^"]+">/g,
      '',
    );
  }
  if (headScript) {
    // Classic, in the head after the charset: it runs before the body is parsed, so before any
    // paint, and before the style sheets are even asked for.
    html = html.replace(
      /<meta charset="UTF-8" \/>\n/,
      (charset) => `${charset}    <script src="/${headScript}"></script>\n`,
    );
    if (!html.includes(`<script src="/${headScript}">`)) {
      throw new Error(`Could not put ${headScript} into the ${page.name} page's head.`);
    }
  }
  html = withLinks(html, { css, preloads });
  return html.replace(
    '<div id="root"></div>',
    `<div id="root" data-prerendered="${page.name}">${body}</div>`,
  );
}

/**
 * The built file of a page's head script, which must be a classic script: an entry chunk that
 * imports nothing (an import would make it a module, run only after the page has painted).
 */
function headScriptFile(dist, manifest, page) {
  const entry = manifest[page.headScript];
  if (!entry?.isEntry) {
    throw new Error(
      `${page.headScript} (the ${page.name} page's head script) is not a build entry.`,
    );
  }
  if ((entry.imports ?? []).length > 0 || (entry.dynamicImports ?? []).length > 0) {
    throw new Error(`${page.headScript} imports other modules: a head script must stand alone.`);
  }
  // A classic script fails to parse on a module's `import` or `export`.
  if (
    /(?:^|[;}])\s*(?:import|export)\s*[{*'"\w]/.test(readFileSync(join(dist, entry.file), 'utf8'))
  ) {
    throw new Error(`The build of ${page.headScript} is a module: a head script must be classic.`);
  }
  return entry.file;
}

/** The CSP allows no inline script or style: a page that needs either would break in production. */
function assertNoInlineScriptOrStyle(name, html) {
  const problems = [];
  for (const [tag] of html.matchAll(/<script\b[^>]*>/g)) {
    if (!/\bsrc=/.test(tag)) problems.push(`inline script ${tag}`);
  }
  if (/<style\b/.test(html)) problems.push('a <style> element');
  for (const [attribute] of html.matchAll(/\sstyle="[^"]*"/g)) {
    problems.push(`a style attribute (${attribute.trim()})`);
  }
  if (problems.length > 0) {
    throw new Error(
      `The prerendered ${name} page needs what the CSP forbids: ${problems.join('; ')}.`,
    );
  }
}

export async function prerender(dist = distDir()) {
  const manifest = readManifest(dist);
  const { pages, appRoutes } = await renderPages(dist);
  const shellPath = join(dist, appShellFile);
  renameSync(join(dist, 'index.html'), shellPath);
  const shell = readFileSync(shellPath, 'utf8');

  const served = {};
  let notFound;
  for (const page of pages) {
    const pageKeys = staticClosure(manifest, [page.module]);
    const headScript = page.headScript ? headScriptFile(dist, manifest, page) : undefined;
    const document =
      page.takeover === 'none'
        ? pageDocument(shell, page, {
            // Plain markup: the page's CSS and the static pages' script, none of the app's JS.
            css: cssOf(manifest, [...staticClosure(manifest, [staticPageEntry]), ...pageKeys]),
            preloads: jsOf(manifest, staticClosure(manifest, [staticPageEntry])).filter(
              (file) => file !== manifest[staticPageEntry].file,
            ),
            script: manifest[staticPageEntry].file,
            headScript,
          })
        : pageDocument(shell, page, {
            css: cssOf(manifest, [...staticClosure(manifest, [appEntry]), ...pageKeys]),
            // src/main.tsx imports the page's module to take it over: preloaded, no waterfall.
            preloads: jsOf(manifest, pageKeys),
            headScript,
          });
    assertNoInlineScriptOrStyle(page.name, document);
    const file = `${page.name}.html`;
    writeFileSync(join(dist, file), document);
    if (page.path === null) notFound = file;
    else served[page.path] = file;
  }
  if (!notFound) throw new Error('No prerendered page answers paths without a route.');
  const appPaths = appRoutes.filter((path) => !(path in served));
  const areaShellFiles = {};
  for (const [prefix, chunkName] of Object.entries(areaShells)) {
    const file = `app-${chunkName}.html`;
    const document = areaShellDocument(shell, manifest, chunkName);
    assertNoInlineScriptOrStyle(file, document);
    writeFileSync(join(dist, file), document);
    areaShellFiles[prefix] = file;
  }
  const pagesManifest = {
    appShell: appShellFile,
    areaShells: areaShellFiles,
    notFound,
    pages: served,
    appRoutes: appPaths,
  };
  writeFileSync(join(dist, pagesManifestFile), `${JSON.stringify(pagesManifest, null, 2)}\n`);
  return { pages: served, notFound, appRoutes: appPaths };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { pages, notFound, appRoutes } = await prerender();
  console.log(
    `Prerendered ${Object.keys(pages).length + 1} pages (${Object.keys(pages).join(', ')}, ${notFound} for any other path); the app answers ${appRoutes.length} path patterns.`,
  );
  const { count, size } = await writeServiceWorker();
  console.log(
    `Wrote ${serviceWorkerFile}: ${count} files precached (${(size / 1024).toFixed(0)} KiB).`,
  );
}
