// Chunking of the signed-in areas' code for the production build (vite.config.ts).
//
// Left to itself the bundler splits the signed-in areas into some forty small files (a chunk per
// lazy route and per set of routes that share a module). Served over HTTP/1.1 a browser fetches
// six at a time, so on a phone's 150 ms round trip those files cost about a second after the
// router has asked for them (issue 14, `pnpm bench:web --only screens`). Here every module that
// only the signed-in areas use goes into one file per area (tutoring, onboarding) plus one file of
// what both share. Anything a public page can reach keeps the default chunking, so no public page
// downloads signed-in code (scripts/check-public-chunks.mjs and the byte budgets still hold).
//
// An area's other pages are not in its file: a visit opens on the area's first screen (the tutoring
// dashboard or a chat, the onboarding task cards), and the code of every other page in that file
// would share a phone's first second of download with it (issue 39: about a third of the tutoring
// file was the learning pathway's, the settings' and the session form's). Each of those pages keeps
// the bundler's own chunk, downloaded when the page is opened and precached by the service worker.
import { resolve } from 'node:path';

interface ModuleGraph {
  getModuleInfo(
    moduleId: string,
  ): { importedIds: readonly string[]; dynamicallyImportedIds: readonly string[] } | null;
}

type Area = 'tutoring' | 'onboarding' | 'shared' | 'laterPage';

const normalise = (id: string) => id.replaceAll('\\', '/');

/** The modules the router imports lazily for a signed-in area: where each area starts. */
function areaOfRoot(id: string): Area | null {
  const path = normalise(id);
  if (isLaterPage(path)) return 'laterPage';
  if (/\/src\/features\/tutoring\/|\/src\/auth\/RequireGoogleSession\.tsx$/.test(path)) {
    return 'tutoring';
  }
  if (/\/src\/features\/onboarding\/|\/src\/auth\/RequireMagicSession\.tsx$/.test(path)) {
    return 'onboarding';
  }
  if (/\/src\/app\/QueryProvider\.tsx$/.test(path)) return 'shared';
  return null;
}

/** The route module of a page a visit does not open on (each is a lazy route of its area). */
function isLaterPage(path: string): boolean {
  return (
    /\/src\/features\/tutoring\/pages\//.test(path) ||
    (/\/src\/features\/onboarding\/pages\//.test(path) && !/\/DashboardPage\.tsx$/.test(path))
  );
}

function* dependenciesOf(graph: ModuleGraph, id: string) {
  const info = graph.getModuleInfo(id);
  if (!info) return;
  for (const imported of info.importedIds) yield { id: imported, dynamic: false };
  for (const imported of info.dynamicallyImportedIds) yield { id: imported, dynamic: true };
}

/**
 * What a visit can download without entering a signed-in area: everything reachable from the
 * entries except through a dynamic import of a signed-in route module. A static import of one
 * keeps it public, so a module public code needs is never moved out of its reach.
 */
function publicModules(graph: ModuleGraph, entries: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const pending = entries.filter((entry) => graph.getModuleInfo(entry));
  while (pending.length > 0) {
    const id = pending.pop() as string;
    if (seen.has(id)) continue;
    seen.add(id);
    for (const next of dependenciesOf(graph, id)) {
      if (next.dynamic && areaOfRoot(next.id)) continue;
      pending.push(next.id);
    }
  }
  return seen;
}

/** Every module each area reaches from its route modules, public ones included. */
function areasOfModules(graph: ModuleGraph, roots: Iterable<string>): Map<string, Set<Area>> {
  const areas = new Map<string, Set<Area>>();
  for (const root of roots) {
    const area = areaOfRoot(root) as Area;
    const pending = [root];
    while (pending.length > 0) {
      const id = pending.pop() as string;
      const reached = areas.get(id) ?? new Set<Area>();
      if (reached.has(area)) continue;
      reached.add(area);
      areas.set(id, reached);
      for (const next of dependenciesOf(graph, id)) pending.push(next.id);
    }
  }
  return areas;
}

/**
 * The `name` function of a rolldown code-splitting group (build.rolldownOptions.output
 * .codeSplitting.groups): 'tutoring', 'onboarding' or 'signed-in' for a module only the signed-in
 * areas use and one of their first screens needs, null (default chunking) for the rest. The graph
 * is read once, on the first call.
 */
export function signedInChunkName(portalRoot: string, entries: readonly string[]) {
  const entryIds = entries.map((entry) => resolve(portalRoot, entry));
  let chunkOf: Map<string, string> | undefined;
  return (moduleId: string, graph: ModuleGraph): string | null => {
    chunkOf ??= (() => {
      const reachablePublicly = publicModules(graph, entryIds);
      const roots = new Set<string>();
      for (const id of reachablePublicly) {
        for (const next of dependenciesOf(graph, id)) {
          if (next.dynamic && areaOfRoot(next.id)) roots.add(next.id);
        }
      }
      const names = new Map<string, string>();
      for (const [id, areas] of areasOfModules(graph, roots)) {
        if (reachablePublicly.has(id)) continue;
        // What only later pages use stays in their own chunks; what a first screen uses too
        // goes with that screen's area.
        const firstScreens = [...areas].filter((area) => area !== 'laterPage');
        if (firstScreens.length === 0) continue;
        const only = firstScreens.length === 1 ? firstScreens[0] : 'shared';
        names.set(id, only === 'shared' ? 'signed-in' : (only as string));
      }
      return names;
    })();
    return chunkOf.get(moduleId) ?? null;
  };
}
