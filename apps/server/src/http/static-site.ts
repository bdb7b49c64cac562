// Serves the built portal's files from STATIC_DIR: hashed assets cached for good, other files
// revalidated on every load. Which page answers which path is portal-pages.ts.
// The build writes `<file>.br` and `<file>.gz` beside each text file (apps/portal/scripts/
// precompress.mjs): the one the request's Accept-Encoding prefers is sent, with Content-Encoding,
// the file's own Content-Type and `Vary: accept-encoding` (on the plain file too); reply.sendFile
// (the HTML pages) does the same.
import { existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

export async function registerStaticSite(app: FastifyInstance, staticDir: string): Promise<void> {
  if (!existsSync(join(staticDir, 'index.html'))) {
    throw new Error(`STATIC_DIR ${staticDir} has no index.html: build the portal first.`);
  }
  await app.register(fastifyStatic, {
    root: staticDir,
    prefix: '/',
    wildcard: true,
    index: ['index.html'],
    dotfiles: 'deny',
    cacheControl: false,
    preCompressed: true,
    setHeaders: (reply, path) => {
      // Vite writes content-hashed names under assets/: a new build means new names. `path` is
      // the file sent, the compressed variant's when one is.
      const file = basename(path).replace(/\.(?:br|gz)$/, '');
      const hashed = path.includes('/assets/') && /-[A-Za-z0-9_-]{8,}\.[a-z0-9]+$/.test(file);
      reply.header('cache-control', hashed ? IMMUTABLE : REVALIDATE);
    },
  });
}

/** Whether a request that matched no route is a page navigation (it gets the not-found page). */
export function wantsPortalPage(request: FastifyRequest, apiPrefix: string): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = request.url.split('?')[0] ?? '/';
  if (path === apiPrefix || path.startsWith(`${apiPrefix}/`)) return false;
  // A page navigation (Accept: text/html) always gets a page, even for a path that looks like a
  // file; a script or image asking for a missing file (a path with an extension) gets JSON.
  const accept = request.headers.accept ?? '';
  return accept.includes('text/html') || !/\.[^/]*$/.test(path);
}
