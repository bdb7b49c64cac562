// Which HTML answers which path of the built portal, as its build wrote it in pages.json
// (apps/portal/scripts/prerender.mjs): the prerendered public pages at their paths, the app's shell
// at every path of its route table (a signed-in area's own shell under the area's path), and the
// not-found page with a 404 at any other path.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from './errors.ts';
import { wantsPortalPage } from './static-site.ts';

export interface PortalPages {
  /** The app's shell: every path of the route table. */
  readonly appShell: string;
  /**
   * The app's shell for a signed-in area, by the area's path ('/tutoring'): the same app, which
   * also preloads the area's code. Paths of the area, and the area's own path, get it.
   */
  readonly areaShells?: Readonly<Record<string, string>>;
  /** The not-found page, for any other path (with HTTP 404). */
  readonly notFound: string;
  /** Prerendered pages by path. */
  readonly pages: Readonly<Record<string, string>>;
  /** The route table's path patterns ('/tutoring/messenger/:studentId'). */
  readonly appRoutes: readonly string[];
}

const pagesFile = 'pages.json';

const isFileName = (value: unknown): value is string =>
  typeof value === 'string' && /^[\w.-]+\.html$/.test(value);
const isPath = (value: unknown): value is string =>
  typeof value === 'string' && value.startsWith('/');

/** Reads and checks pages.json; a portal built without it (or with a broken one) cannot be served. */
export function readPortalPages(staticDir: string): PortalPages {
  const path = join(staticDir, pagesFile);
  if (!existsSync(path)) {
    throw new Error(
      `STATIC_DIR ${staticDir} has no ${pagesFile}: build the portal with its prerender step.`,
    );
  }
  const parsed: unknown = JSON.parse(readFileSync(path, 'utf8'));
  const value = parsed as Partial<PortalPages> | null;
  const valid =
    value !== null &&
    typeof value === 'object' &&
    isFileName(value.appShell) &&
    isFileName(value.notFound) &&
    typeof value.pages === 'object' &&
    value.pages !== null &&
    Object.entries(value.pages).every(([pagePath, file]) => isPath(pagePath) && isFileName(file)) &&
    Array.isArray(value.appRoutes) &&
    value.appRoutes.every(isPath) &&
    (value.areaShells === undefined ||
      (typeof value.areaShells === 'object' &&
        value.areaShells !== null &&
        Object.entries(value.areaShells).every(
          ([areaPath, file]) => isPath(areaPath) && isFileName(file),
        )));
  if (!valid) throw new Error(`${path} does not list the portal's pages as the server expects.`);
  const pages = value as PortalPages;
  const files = [
    pages.appShell,
    pages.notFound,
    ...Object.values(pages.pages),
    ...Object.values(pages.areaShells ?? {}),
  ];
  for (const file of files) {
    if (!existsSync(join(staticDir, file)))
      throw new Error(`${path} names ${file}, which is missing.`);
  }
  return pages;
}

/** The shell that answers an app path: its area's, if it is in one, else the app's. */
export function shellFor(pages: PortalPages, pattern: string): string {
  for (const [areaPath, file] of Object.entries(pages.areaShells ?? {})) {
    if (pattern === areaPath || pattern.startsWith(`${areaPath}/`)) return file;
  }
  return pages.appShell;
}

/** HTML is revalidated on every load: a new build must reach the next visit. */
function sendPage(reply: FastifyReply, file: string, statusCode = 200): FastifyReply {
  return reply
    .code(statusCode)
    .header('cache-control', 'no-cache')
    .type('text/html; charset=utf-8')
    .sendFile(file);
}

/**
 * Routes for the portal's pages. '/' is index.html, which the static files already answer. Each
 * page and app path answers with and without a trailing slash, as the app's router reads them
 * ('/auth/' is where /signin.html sends older magic links, and /auth is a prerendered page).
 */
export function registerPortalPages(app: FastifyInstance, pages: PortalPages): void {
  for (const [path, file] of Object.entries(pages.pages)) {
    if (path === '/') continue;
    for (const variant of [path, `${path}/`]) {
      app.get(variant, (_request, reply) => sendPage(reply, file));
    }
  }
  for (const pattern of pages.appRoutes) {
    const shell = shellFor(pages, pattern);
    for (const path of new Set([pattern, `${pattern.replace(/\/$/, '')}/`])) {
      app.get(path, (_request, reply) => sendPage(reply, shell));
    }
  }
}

/** The not-found page, for a page navigation to a path without a route. */
export function sendNotFoundPage(reply: FastifyReply, pages: PortalPages): FastifyReply {
  return sendPage(reply, pages.notFound, 404);
}

/**
 * The app's not-found handler: a path without a route gets the portal's not-found page for a page
 * navigation (when the portal is served), JSON otherwise.
 */
export function notFoundHandler(pages: PortalPages | undefined, apiPrefix: string) {
  return (request: FastifyRequest, reply: FastifyReply) => {
    if (pages && wantsPortalPage(request, apiPrefix)) {
      return sendNotFoundPage(reply, pages);
    }
    const path = request.url.split('?')[0];
    return reply.code(404).send(errorBody(404, `No such path: ${request.method} ${path}`));
  };
}
