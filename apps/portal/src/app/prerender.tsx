// The build's server-side entry (scripts/prerender.mjs builds it with Vite's SSR build and runs
// it once): the public pages rendered to HTML by React's server renderer, over the same elements
// the browser takes over, and the paths the app's router serves.
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import type { RouteObject } from 'react-router';
import { type PageTakeover, prerenderedPages } from './prerenderedPages';
import { routes } from './router';

export interface RenderedPage {
  readonly name: string;
  readonly path: string | null;
  readonly module: string;
  readonly takeover: PageTakeover;
  readonly headScript: string | undefined;
  /** The markup of #root. */
  readonly html: string;
}

/** React hoists a page's <title> to the head; the build puts it there (see scripts/prerender.mjs). */
export async function renderPrerenderedPages(): Promise<RenderedPage[]> {
  return Promise.all(
    prerenderedPages.map(async ({ name, path, module, load, headScript }) => {
      const { element, takeover } = await load();
      return {
        name,
        path,
        module,
        takeover,
        headScript,
        html: renderToString(<StrictMode>{element}</StrictMode>),
      };
    }),
  );
}

/**
 * Every path pattern of the route table ('/tutoring/messenger/:studentId'), for the server to
 * answer with the app and any other path with the not-found page and a 404. Optional segments
 * ('a/b?') are listed both ways; the catch-all is left out.
 */
export function appRoutePatterns(table: readonly RouteObject[] = routes): string[] {
  const patterns = new Set<string>();
  const visit = (list: readonly RouteObject[], parent: string) => {
    for (const route of list) {
      if (route.path === '*') continue;
      const path = route.path ? `${parent.replace(/\/$/, '')}/${route.path}` : parent;
      if (route.index || (route.path && !route.children)) {
        for (const expanded of expandOptionalSegments(path)) patterns.add(expanded);
      }
      if (route.children) visit(route.children, path);
    }
  };
  visit(table, '/');
  return [...patterns].sort();
}

function expandOptionalSegments(path: string): string[] {
  const match = /^(.*?)\/([^/]+)\?(.*)$/.exec(path);
  if (!match) return [path];
  const [, before = '', segment = '', after = ''] = match;
  return [
    ...expandOptionalSegments(`${before}/${segment}${after}`),
    ...expandOptionalSegments(`${before}${after}` || '/'),
  ];
}
