// STATIC_DIR: the built portal's pages (pages.json: prerendered pages, the app's shell at its
// routes, the not-found page with a 404), cache headers and the CSP.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/app.ts';
import { authEmulatorHost } from './support/emulator.ts';

const staticDir = mkdtempSync(join(tmpdir(), 'server-static-'));
const INDEX = '<!doctype html><title>Landing</title><div id="root">Welcome</div>';
const SHELL = '<!doctype html><title>Tutoring Portal</title><div id="root"></div>';
const TUTORING_SHELL =
  '<!doctype html><title>Tutoring Portal</title><link rel="modulepreload" href="/assets/tutoring-x.js"><div id="root"></div>';
const CREDITS = '<!doctype html><title>Credits</title><div id="root">Credits</div>';
const NOT_FOUND = '<!doctype html><title>Page not found</title><div id="root">404</div>';
mkdirSync(join(staticDir, 'assets'));
writeFileSync(join(staticDir, 'index.html'), INDEX);
writeFileSync(join(staticDir, 'app.html'), SHELL);
writeFileSync(join(staticDir, 'app-tutoring.html'), TUTORING_SHELL);
writeFileSync(join(staticDir, 'credits.html'), CREDITS);
writeFileSync(join(staticDir, '404.html'), NOT_FOUND);
writeFileSync(
  join(staticDir, 'pages.json'),
  JSON.stringify({
    appShell: 'app.html',
    areaShells: { '/tutoring': 'app-tutoring.html' },
    notFound: '404.html',
    pages: { '/': 'index.html', '/credits': 'credits.html' },
    appRoutes: [
      '/auth',
      '/signin.html',
      '/tutoring',
      '/tutoring/learning-pathway/:studentId',
      '/tutoring-guide',
    ],
  }),
);
writeFileSync(join(staticDir, 'assets', 'index-Bjj0XIrB.js'), 'console.log("portal");');
writeFileSync(join(staticDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
// The service worker and the web app manifest (apps/portal/scripts/service-worker.mjs,
// webAppManifest.ts): fixed names, so never cached for good.
writeFileSync(join(staticDir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
writeFileSync(
  join(staticDir, 'manifest.webmanifest'),
  '{"name":"Tutoring","start_url":"/tutoring"}',
);

let server: TestApp;
beforeAll(async () => {
  server = await startTestApp({ config: { staticDir } });
});
afterAll(async () => {
  await server?.close();
  rmSync(staticDir, { recursive: true, force: true });
});

const get = (url: string, method: 'GET' | 'HEAD' | 'POST' = 'GET') =>
  server.app.inject({ method, url });

describe('serving the built portal', () => {
  it('serves index.html at / and revalidates it on every load', async () => {
    const response = await get('/');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toBe(INDEX);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('caches content-hashed assets for good, other files not', async () => {
    const asset = await get('/assets/index-Bjj0XIrB.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-type']).toMatch(/javascript/);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const favicon = await get('/favicon.svg');
    expect(favicon.statusCode).toBe(200);
    expect(favicon.headers['cache-control']).toBe('no-cache');
  });

  it('sends the service worker and the web app manifest revalidated on every load, never immutable', async () => {
    const worker = await get('/sw.js');
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toMatch(/^(?:text|application)\/javascript/);
    expect(worker.headers['cache-control']).toBe('no-cache');
    // A page's headers: its CSP is the worker's own, and allows only this origin's scripts.
    expect(worker.headers['content-security-policy']).toContain("script-src 'self'");
    expect(worker.headers['service-worker-allowed']).toBeUndefined();
    const manifest = await get('/manifest.webmanifest');
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers['cache-control']).toBe('no-cache');
  });

  it('answers a prerendered page at its path, revalidated on every load', async () => {
    const response = await get('/credits');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toBe(CREDITS);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('answers a prerendered page with a trailing slash and a query string too', async () => {
    const response = await get('/credits/?from=footer');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(CREDITS);
  });

  it("answers the app's routes with its shell, with a query string and a trailing slash too", async () => {
    for (const url of ['/auth', '/auth/?email=a%40b.org&stepupToken=x', '/tutoring-guide/']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(SHELL);
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it("answers a signed-in area's routes with the area's shell, which preloads its code", async () => {
    for (const url of ['/tutoring', '/tutoring/?tab=1', '/tutoring/learning-pathway/abc']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(TUTORING_SHELL);
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('answers a page navigation to a file-like route of the app with its shell (/signin.html)', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: '/signin.html?token=abc',
      headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(SHELL);
  });

  it('answers a path without a route with the not-found page and HTTP 404', async () => {
    for (const url of [
      '/no-such-page',
      '/tutoring/nope/deeper',
      '/credits/extra',
      '/old-page.php',
    ]) {
      const response = await server.app.inject({
        method: 'GET',
        url,
        headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
      });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expect(response.body, url).toBe(NOT_FOUND);
    }
    // Without a page navigation's Accept, a path without an extension is still a page.
    expect((await get('/no-such-page')).body).toBe(NOT_FOUND);
  });

  it('answers missing files, non-GET requests and /api paths with JSON errors', async () => {
    const missing = await server.app.inject({
      method: 'GET',
      url: '/assets/missing-12345678.js',
      headers: { accept: '*/*' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.status).toBe('NOT_FOUND');
    expect((await get('/tutoring', 'POST')).statusCode).toBe(404);
    // Even a browser navigation to an unknown API path gets the JSON error, not the portal.
    const api = await server.app.inject({
      method: 'GET',
      url: '/api/unknown',
      headers: { accept: 'text/html' },
    });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({
      error: {
        status: 'NOT_FOUND',
        message: 'No such path: GET /api/unknown',
        requestId: expect.any(String),
      },
    });
  });

  it('sends a CSP allowing this origin and the Auth emulator, nothing inline', async () => {
    const csp = (await get('/')).headers['content-security-policy'] as string;
    const directives = Object.fromEntries(
      csp.split(';').map((directive) => {
        const [name, ...sources] = directive.trim().split(/\s+/);
        return [name, sources];
      }),
    );
    const emulator = `http://${authEmulatorHost()}`;
    expect(directives['default-src']).toEqual(["'self'"]);
    expect(directives['connect-src']).toContain(emulator);
    expect(directives['frame-src']).toContain(emulator);
    expect(directives['script-src']).toEqual(["'self'", 'https://apis.google.com']);
    // The service worker (/sw.js) and the web app manifest come from this origin: worker-src
    // and manifest-src fall back to default-src, which allows them and nothing else.
    expect(directives['worker-src']).toBeUndefined();
    expect(directives['manifest-src']).toBeUndefined();
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).not.toContain('upgrade-insecure-requests');
  });
});
