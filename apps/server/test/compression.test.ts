// Compression: the built portal's files are sent as the brotli or gzip variant the build wrote
// beside them (apps/portal/scripts/precompress.mjs), the API's JSON over 1 KB is compressed as it
// is sent; both with `Vary: accept-encoding`, and plain to a client that accepts neither.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devOutbox } from '../src/db/schema.ts';
import { BROTLI_WINDOW_BITS, INLINE_COMPRESSION_MAX_BYTES } from '../src/http/compression.ts';
import { startTestApp, type TestApp } from './support/app.ts';

// Text of the size of the real pages and chunks, so that compressing it pays.
const filler = (label: string) =>
  Array.from(
    { length: 60 },
    (_, index) => `${label} line ${index}: volunteer tutoring portal`,
  ).join('\n');
const page = (title: string) =>
  `<!doctype html><title>${title}</title><div id="root"><main>${filler(title)}</main></div>`;
const INDEX = page('Landing');
const SHELL = page('Tutoring Portal');
const CREDITS = page('Credits');
const NOT_FOUND = page('Page not found');
const ASSET = `console.log(${JSON.stringify(filler('portal'))});`;
const SMALL_SVG = '<svg xmlns="http://www.w3.org/2000/svg"/>';

const staticDir = mkdtempSync(join(tmpdir(), 'server-compression-'));
/** A file of the build with the variants precompress.mjs writes beside it. */
function writeBuilt(file: string, content: string, variants = true) {
  const path = join(staticDir, file);
  writeFileSync(path, content);
  if (!variants) return;
  writeFileSync(`${path}.br`, brotliCompressSync(content));
  writeFileSync(`${path}.gz`, gzipSync(content));
}
mkdirSync(join(staticDir, 'assets'));
writeBuilt('index.html', INDEX);
writeBuilt('app.html', SHELL);
writeBuilt('credits.html', CREDITS);
writeBuilt('404.html', NOT_FOUND);
writeBuilt('assets/index-Bjj0XIrB.js', ASSET);
// Too small for a variant to be smaller: the build writes none.
writeBuilt('favicon.svg', SMALL_SVG, false);
writeFileSync(
  join(staticDir, 'pages.json'),
  JSON.stringify({
    appShell: 'app.html',
    notFound: '404.html',
    pages: { '/': 'index.html', '/credits': 'credits.html' },
    appRoutes: ['/tutoring'],
  }),
);

let server: TestApp;
beforeAll(async () => {
  server = await startTestApp({
    config: { staticDir },
    // GET /api/dev/outbox answers with these: well over 1 KB of JSON.
    fixtures: (db) =>
      db.insert(devOutbox).values(
        Array.from({ length: 4 }, (_, index) => ({
          to: `tutor${index}@tutoring.example.org`,
          subject: 'Your sign-in link',
          text: filler(`mail ${index}`),
          html: `<p>${filler(`mail ${index}`)}</p>`,
          sentAt: new Date(Date.UTC(2026, 0, 1, 0, index)),
        })),
      ),
  });
});
afterAll(async () => {
  await server?.close();
  rmSync(staticDir, { recursive: true, force: true });
});

const request = (url: string, acceptEncoding?: string, method: 'GET' | 'HEAD' = 'GET') =>
  server.app.inject({
    method,
    url,
    headers: {
      accept: 'text/html,application/xhtml+xml,*/*;q=0.8',
      ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }),
    },
  });

const decoders: Record<string, (data: Buffer) => Buffer> = {
  br: brotliDecompressSync,
  gzip: gunzipSync,
};

function expectVaryOnAcceptEncoding(response: LightMyRequestResponse) {
  const vary = String(response.headers.vary ?? '')
    .split(',')
    .map((token) => token.trim().toLowerCase());
  expect(vary).toContain('accept-encoding');
}

/** The answer is `identity` compressed with `encoding`, with the same type and cache headers. */
function expectEncoded(
  response: LightMyRequestResponse,
  encoding: string,
  identity: LightMyRequestResponse,
) {
  expect(response.statusCode).toBe(identity.statusCode);
  expect(response.headers['content-encoding']).toBe(encoding);
  expectVaryOnAcceptEncoding(response);
  expect(response.headers['content-type']).toBe(identity.headers['content-type']);
  expect(response.headers['cache-control']).toBe(identity.headers['cache-control']);
  const decoded = decoders[encoding]?.(response.rawPayload);
  expect(decoded?.toString('utf8')).toBe(identity.body);
  expect(response.rawPayload.length).toBeLessThan(identity.rawPayload.length);
}

const portalFiles = [
  {
    name: 'a hashed JS asset',
    url: '/assets/index-Bjj0XIrB.js',
    body: ASSET,
    status: 200,
    type: /^(?:text|application)\/javascript/,
    cache: 'public, max-age=31536000, immutable',
  },
  {
    name: 'the landing page',
    url: '/',
    body: INDEX,
    status: 200,
    type: /^text\/html/,
    cache: 'no-cache',
  },
  {
    name: 'a prerendered page (/credits, reply.sendFile)',
    url: '/credits',
    body: CREDITS,
    status: 200,
    type: /^text\/html/,
    cache: 'no-cache',
  },
  {
    name: "the app's shell",
    url: '/tutoring',
    body: SHELL,
    status: 200,
    type: /^text\/html/,
    cache: 'no-cache',
  },
  {
    name: 'the not-found page',
    url: '/no-such-page',
    body: NOT_FOUND,
    status: 404,
    type: /^text\/html/,
    cache: 'no-cache',
  },
];

describe('the built portal, precompressed', () => {
  for (const file of portalFiles) {
    it(`sends ${file.name} in brotli, in gzip, or plain, as the request accepts`, async () => {
      const identity = await request(file.url);
      expect(identity.statusCode).toBe(file.status);
      expect(identity.headers['content-encoding']).toBeUndefined();
      expect(identity.body).toBe(file.body);
      expect(identity.headers['content-type']).toMatch(file.type);
      expect(identity.headers['cache-control']).toBe(file.cache);
      expectVaryOnAcceptEncoding(identity);

      expectEncoded(await request(file.url, 'br'), 'br', identity);
      expectEncoded(await request(file.url, 'gzip'), 'gzip', identity);
      // What browsers send: brotli is preferred.
      expectEncoded(await request(file.url, 'gzip, deflate, br, zstd'), 'br', identity);
      expectEncoded(await request(file.url, 'br;q=0.5, gzip'), 'gzip', identity);
      for (const unsupported of ['identity', 'deflate', 'br;q=0, gzip;q=0']) {
        const plain = await request(file.url, unsupported);
        expect(plain.headers['content-encoding'], unsupported).toBeUndefined();
        expect(plain.body, unsupported).toBe(file.body);
      }
    });
  }

  it('answers HEAD with the headers of the compressed variant and no body', async () => {
    for (const file of portalFiles) {
      const get = await request(file.url, 'br');
      const head = await request(file.url, 'br', 'HEAD');
      expect(head.statusCode, file.url).toBe(file.status);
      expect(head.headers['content-encoding'], file.url).toBe('br');
      expect(head.headers['content-length'], file.url).toBe(String(get.rawPayload.length));
      expectVaryOnAcceptEncoding(head);
      expect(head.rawPayload.length, file.url).toBe(0);
    }
  });

  it('sends a file without variants plain, still varying on Accept-Encoding', async () => {
    const response = await request('/favicon.svg', 'br, gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(SMALL_SVG);
    expectVaryOnAcceptEncoding(response);
  });
});

describe('API answers, compressed on the fly', () => {
  it('sends JSON over 1 KB in brotli, in gzip, or plain, as the request accepts', async () => {
    const identity = await request('/api/dev/outbox');
    expect(identity.statusCode).toBe(200);
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.headers['content-type']).toMatch(/^application\/json/);
    expect(identity.rawPayload.length).toBeGreaterThan(1024);
    expect(identity.json()).toHaveLength(4);
    expectVaryOnAcceptEncoding(identity);

    expectEncoded(await request('/api/dev/outbox', 'br'), 'br', identity);
    expectEncoded(await request('/api/dev/outbox', 'gzip'), 'gzip', identity);
    expectEncoded(await request('/api/dev/outbox', 'gzip, deflate, br, zstd'), 'br', identity);
    for (const unsupported of ['identity', 'deflate', 'zstd']) {
      const plain = await request('/api/dev/outbox', unsupported);
      expect(plain.headers['content-encoding'], unsupported).toBeUndefined();
      expect(plain.body, unsupported).toBe(identity.body);
      expectVaryOnAcceptEncoding(plain);
    }
  });

  it('compresses an answer of up to 64 KB in one piece, in brotli with a 256 KB window', async () => {
    const identity = await request('/api/dev/outbox');
    // Over the plugin's own limit for compressing in place on a 2-core machine (8 KB).
    expect(identity.rawPayload.length).toBeGreaterThan(8 * 1024);
    expect(identity.rawPayload.length).toBeLessThanOrEqual(INLINE_COMPRESSION_MAX_BYTES);
    const response = await request('/api/dev/outbox', 'gzip, deflate, br, zstd');
    expectEncoded(response, 'br', identity);
    // Compressed in one call, its length is known before it is sent (a zlib stream's is not).
    expect(response.headers['content-length']).toBe(String(response.rawPayload.length));
    // A brotli stream starts with its window size (RFC 7932, 9.1): bit 1, then 18 - 17 in 3 bits.
    expect(BROTLI_WINDOW_BITS).toBe(18);
    expect((response.rawPayload[0] ?? 0) & 0b1111).toBe(0b0011);
  });

  it('sends JSON under 1 KB as it is', async () => {
    const response = await request('/api/dev/sms/outbox', 'br, gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toEqual([]);
    expectVaryOnAcceptEncoding(response);
  });
});
