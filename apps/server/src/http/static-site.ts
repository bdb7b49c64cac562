// Serves the built portal from STATIC_DIR: hashed assets cached for good, index.html revalidated on
// every load, and index.html for any GET outside /api that names no file (client-side routes).
import { existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

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
    setHeaders: (reply, path) => {
      // Vite writes content-hashed names under assets/: a new build means new names.
      const hashed =
        path.includes('/assets/') && /-[A-Za-z0-9_-]{8,}\.[a-z0-9]+$/.test(basename(path));
      reply.header('cache-control', hashed ? IMMUTABLE : REVALIDATE);
    },
  });
}

/** Whether a request that matched no route should get the portal's index.html. */
export function wantsSpaFallback(request: FastifyRequest, apiPrefix: string): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = request.url.split('?')[0] ?? '/';
  if (path === apiPrefix || path.startsWith(`${apiPrefix}/`)) return false;
  // A page navigation (Accept: text/html) always gets the portal, even for a route that looks
  // like a file (the portal's own /signin.html); a script or image asking for a missing file
  // (a path with an extension) gets a 404.
  const accept = request.headers.accept ?? '';
  return accept.includes('text/html') || !/\.[^/]*$/.test(path);
}

export function sendSpaIndex(reply: FastifyReply): FastifyReply {
  return reply
    .header('cache-control', REVALIDATE)
    .type('text/html; charset=utf-8')
    .sendFile('index.html');
}
