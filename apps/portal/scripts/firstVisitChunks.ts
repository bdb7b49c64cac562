// Chunking of the production build for a phone's first visit (vite.config.ts).
//
// Left to itself the bundler makes a chunk for every set of lazily imported modules that share
// code: some fifty files before the tutoring dashboard's first screen, many under a kilobyte.
// Served over HTTP/1.1 a browser fetches six at a time, and on a phone's 150 ms round trip the
// number of files, not their bytes, set when the screen appeared (issue 39, `pnpm bench:web --only
// screens`: the last of 52 scripts arrived at 2.7 s, 215 kB that the network alone carries in
// about 1.1 s).
//
// So the build runs twice. The first pass, chunked by the bundler alone, says which modules each
// kind of first visit really downloads: its chunks hold exactly the code that is left after
// tree-shaking, which the module graph cannot tell (a library's index file imports every
// component, of which a page uses three). The second pass puts every module a signed-in area's
// first screen needs into one chunk per set of first visits that download it, named after that
// set ('tutoring', 'onboarding-tutoring', 'app-auth-onboarding-tutoring', ...). A visit then
// downloads only chunks whose every module it needs, as before, in a handful of files, and the
// chunks cannot import each other in a circle (a chunk imports only chunks that every visit of its
// own set downloads too).
//
// The kinds of first visit:
// - 'tutoring' and 'onboarding': a signed-in area's first screen (the dashboard or a chat, the
//   onboarding task cards), with the router app and the data layer;
// - 'auth': the prerendered sign-in page /auth, hydrated without the router (its byte budget in
//   .size-limit.js);
// - 'app': the router app's public pages (sign-in with Google, a new applicant, logging out, ...),
//   taken together: such a visit may download a little of another public page's code.
//
// An area's other pages, the Firebase SDK and the client's error reports are loaded after the
// first screen: their modules keep the bundler's own chunks, downloaded when needed and precached
// by the service worker. The entries' own code stays in the entries. Nothing here can move code
// onto a public page that it did not download before (scripts/check-public-chunks.mjs and the byte
// budgets check it).
import { build, type Plugin, type Rolldown } from 'vite';

type FirstVisit = 'app' | 'auth' | 'onboarding' | 'tutoring';

const normalise = (id: string) => id.replaceAll('\\', '/');

/** The route module of a page a visit does not open on (each is a lazy route of its area). */
function isLaterPage(path: string): boolean {
  return (
    /\/src\/features\/tutoring\/pages\//.test(path) ||
    (/\/src\/features\/onboarding\/pages\//.test(path) && !/\/DashboardPage\.tsx$/.test(path))
  );
}

/**
 * The first visits that download a lazily imported module at their start: none for what is loaded
 * later (an area's other pages, Firebase, the client's error reports).
 */
export function firstVisitsOf(moduleId: string): FirstVisit[] {
  const path = normalise(moduleId);
  if (isLaterPage(path)) return [];
  if (/\/src\/features\/tutoring\/|\/src\/auth\/RequireGoogleSession\.tsx$/.test(path)) {
    return ['tutoring'];
  }
  if (/\/src\/features\/onboarding\/|\/src\/auth\/RequireMagicSession\.tsx$/.test(path)) {
    return ['onboarding'];
  }
  if (/\/src\/app\/(QueryProvider\.tsx|productionQueryClient\.ts)$/.test(path)) {
    return ['onboarding', 'tutoring'];
  }
  if (/\/src\/app\/App\.tsx$/.test(path)) return ['app', 'onboarding', 'tutoring'];
  if (/\/src\/app\/StandaloneSignInPage\.tsx$/.test(path)) return ['auth'];
  if (/\/src\/features\/public\/|\/src\/app\/LogoutPageWithServices\.tsx$/.test(path)) {
    return ['app'];
  }
  return [];
}

/**
 * From the first pass's chunks: the chunk name of each module a signed-in area's first screen
 * downloads (see above), by the set of first visits that download the first-pass chunk it was in.
 */
export function planFirstVisitChunks(chunks: readonly Rolldown.OutputChunk[]): Map<string, string> {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  // What the entries download themselves (the app's first script, the prerendered pages' one)
  // stays where it is: no visit may download more to start.
  const entriesDownload = new Set<string>();
  const fromEntries = chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName);
  while (fromEntries.length > 0) {
    const file = fromEntries.pop() as string;
    if (entriesDownload.has(file)) continue;
    entriesDownload.add(file);
    fromEntries.push(...(byFile.get(file)?.imports ?? []));
  }
  const visitsOfChunk = new Map<string, Set<FirstVisit>>();
  for (const root of chunks) {
    if (!root.isDynamicEntry || !root.facadeModuleId) continue;
    const visits = firstVisitsOf(root.facadeModuleId);
    if (visits.length === 0) continue;
    const pending = [root.fileName];
    const seen = new Set<string>();
    while (pending.length > 0) {
      const file = pending.pop() as string;
      const chunk = byFile.get(file);
      if (!chunk || seen.has(file) || entriesDownload.has(file)) continue;
      seen.add(file);
      const downloadedBy = visitsOfChunk.get(file) ?? new Set<FirstVisit>();
      for (const visit of visits) downloadedBy.add(visit);
      visitsOfChunk.set(file, downloadedBy);
      pending.push(...chunk.imports);
    }
  }
  const names = new Map<string, string>();
  for (const [file, visits] of visitsOfChunk) {
    if (!visits.has('tutoring') && !visits.has('onboarding')) continue;
    const name = [...visits].sort().join('-');
    for (const moduleId of (byFile.get(file) as Rolldown.OutputChunk).moduleIds) {
      // The router app keeps a chunk of its own: the public pages' budgets are measured from it
      // (scripts/public-chunks.mjs).
      if (firstVisitsOf(moduleId).includes('app')) continue;
      names.set(moduleId, name);
    }
  }
  for (const area of ['tutoring', 'onboarding']) {
    if (![...names.values()].includes(area)) {
      throw new Error(`The first pass of the build found no module only the ${area} area needs.`);
    }
  }
  return names;
}

/**
 * V8's explicit compile hint (Chrome 136 and later; other browsers read a comment): every function
 * of the file is compiled as it streams in, on a background thread, instead of each on the main
 * thread when first called. Measured on the signed-in screens (`pnpm bench:web --only screens`,
 * five comparisons with and without, medians of 3 or 5, minutes apart): the dashboard's return
 * visit 0.25-0.57 s sooner in four (e.g. 2.16 -> 1.82 s, its long tasks 898 -> 631 ms) and 0.11 s
 * later in one, its cold visit 0.23-0.69 s sooner in four and the same in one. Those ran on two
 * busy cores; on a quiet machine (with, without, with, without, medians of 3) every visit was
 * within 0.14 s either way (the dashboard's return 1.73 / 1.81 / 1.53 / 1.54 s). Kept because it
 * never measured worse beyond that noise, and a phone has more cores for the background compile.
 */
export const eagerCompileHint = '//# allFunctionsCalledOnLoad';

interface RenderedChunkFacts {
  readonly name: string;
  readonly isEntry: boolean;
  readonly facadeModuleId: string | null;
}

/**
 * Whether a chunk of the second pass is code a signed-in area's first screen runs as it loads, and
 * so gets the compile hint: the app's entry, the router app, and the first visits' chunks. Not the
 * prerendered pages' script nor /logout's, nor what loads later (an area's other pages, Firebase),
 * whose functions a first screen mostly never calls.
 */
export function runsAtFirstScreen(
  chunk: RenderedChunkFacts,
  firstVisitChunkNames: ReadonlySet<string>,
): boolean {
  if (chunk.isEntry) return chunk.name === 'index';
  if (chunk.facadeModuleId && /\/src\/app\/App\.tsx$/.test(normalise(chunk.facadeModuleId))) {
    return true;
  }
  return firstVisitChunkNames.has(chunk.name);
}

/** Set while the first pass runs: its configuration is the same file's, without this plugin. */
const firstPassVariable = 'PORTAL_BUILD_FIRST_PASS';

/**
 * The plugin: before a production build, the first pass (the same configuration file, chunked by
 * the bundler alone, nothing written), then the second pass's code-splitting groups from its plan.
 */
export function firstVisitChunks(configFile: string): Plugin {
  /** The second pass's chunk names of the first visits (unset in the first pass). */
  let firstVisitChunkNames: ReadonlySet<string> | undefined;
  return {
    name: 'portal:first-visit-chunks',
    apply: 'build',
    // The compile hint must be the file's first line: after Vite has put its list of a chunk's
    // dynamic imports' files (__vite__mapDeps) at the top, and after minifying, which drops
    // comments (a banner would be neither). Like Vite's list, it comes after the file names'
    // hashes: decided by the chunk's name alone, a name stands for one content while this rule
    // holds (a release that changes which chunks get it may leave a phone with an unchanged chunk's
    // copy without it: slower to start, never wrong).
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        if (!firstVisitChunkNames) return;
        for (const item of Object.values(bundle)) {
          if (item.type !== 'chunk' || !runsAtFirstScreen(item, firstVisitChunkNames)) continue;
          item.code = `${eagerCompileHint}\n${item.code}`;
          // A source map, when one is built, starts a line later.
          if (!item.map) continue;
          item.map.mappings = `;${item.map.mappings}`;
          const mapFile = bundle[`${item.fileName}.map`];
          if (mapFile?.type === 'asset') mapFile.source = item.map.toString();
        }
      },
    },
    async config(_config, { mode }) {
      if (process.env[firstPassVariable]) return undefined;
      process.env[firstPassVariable] = '1';
      let output: Awaited<ReturnType<typeof build>>;
      try {
        output = await build({ configFile, mode, logLevel: 'warn', build: { write: false } });
      } finally {
        delete process.env[firstPassVariable];
      }
      const outputs = Array.isArray(output) ? output : [output];
      const chunks = outputs.flatMap((result) =>
        'output' in result
          ? result.output.filter((item): item is Rolldown.OutputChunk => item.type === 'chunk')
          : [],
      );
      const plan = planFirstVisitChunks(chunks);
      firstVisitChunkNames = new Set(plan.values());
      return {
        build: {
          rolldownOptions: {
            output: {
              codeSplitting: {
                groups: [
                  {
                    name: (moduleId: string) => plan.get(moduleId) ?? null,
                    debugName: 'first visits',
                    // Only the planned modules: the rest keep the bundler's own chunks.
                    includeDependenciesRecursively: false,
                  },
                ],
              },
            },
          },
        },
      };
    },
  };
}
