// The API reference at /docs: Scalar's reference of the server's own openapi.yaml, its page,
// bundle and contract served by the server itself, under a Content-Security-Policy of its own that
// no other page gets; the contract it shows (query parameters, the security of each operation,
// a request example for every body).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { docsCsp, inlineScriptHashes, preferredEncoding } from '../src/http/api-docs.ts';
import { REACT_ARIA_STYLE_HASHES } from '../src/http/security-headers.ts';
import { startTestApp, type TestApp, testConfig } from './support/app.ts';
import { bodyValidator } from './support/calls.ts';

type Node = Record<string, unknown>;
const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

let server: TestApp;
beforeAll(async () => {
  server = await startTestApp();
});
afterAll(() => server?.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  server.app.inject({ method: 'GET', url, headers });
const directive = (csp: string, name: string) =>
  csp
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.split(/\s+/)[0] === name)
    ?.split(/\s+/)
    .slice(1) ?? [];

/** Every operation of a document with the security that applies to it (its own or the global). */
function operationsOf(document: Node) {
  return Object.entries(document.paths as Record<string, Node>).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).map((method) => {
      const operation = item[method] as Node;
      return {
        path,
        method,
        operation,
        security: (operation.security ?? document.security) as Array<Record<string, string[]>>,
      };
    }),
  );
}

describe('the API reference at /docs', () => {
  it('answers the page at /docs/ (/docs leads there), with a language and no external URL', async () => {
    const bare = await get('/docs');
    expect(bare.statusCode).toBe(301);
    expect(bare.headers.location).toBe('/docs/');
    const page = await get('/docs/');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(page.body).toContain('<div id="app"></div>');
    // Everything the page loads comes from this server: no CDN, no font host.
    expect(page.body).not.toMatch(/https?:\/\//);
    expect(page.body).not.toMatch(/\/\/[a-z0-9.-]+\.[a-z]{2,}\//i);
    // Scalar's options: no fonts, telemetry, AI agent, MCP or request client.
    const options = JSON.parse(
      /createApiReference\('#app', (\{[\s\S]*?\})\)/.exec(page.body)?.[1] ?? '{}',
    );
    expect(options).toMatchObject({
      withDefaultFonts: false,
      telemetry: false,
      agent: { disabled: true },
      mcp: { disabled: true },
      hideClientButton: true,
      url: './openapi.json',
    });
  });

  it('serves what the page loads itself: Scalar’s bundle and the contract', async () => {
    const page = await get('/docs/');
    const sources = [...page.body.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map(
      (match) => new URL(match[1] ?? '', 'http://server/docs/').pathname,
    );
    expect(sources).toEqual(['/docs/js/scalar.js']);
    const bundle = await get('/docs/js/scalar.js');
    expect(bundle.statusCode).toBe(200);
    expect(bundle.headers['content-type']).toMatch(/^application\/javascript/);
    expect(bundle.body).toContain('createApiReference');
    expect(bundle.body.length).toBeGreaterThan(1_000_000);
    // Compressed once, as the browser accepts: the same bytes.
    const compressed = await get('/docs/js/scalar.js', { 'accept-encoding': 'gzip, br' });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe(bundle.body);
    expect(preferredEncoding('gzip, br;q=0')).toBe('gzip');
    expect(preferredEncoding('identity')).toBeUndefined();

    const served = await get('/docs/openapi.json');
    expect(served.statusCode).toBe(200);
    expect(served.json()).toEqual(parseYaml(readFileSync(testConfig().openapiPath, 'utf8')));
    const yaml = await get('/docs/openapi.yaml');
    expect(parseYaml(yaml.body)).toEqual(served.json());
  });

  it('has a CSP of its own: scripts from itself and the page’s one inline script by hash, inline styles', async () => {
    const page = await get('/docs/');
    const csp = String(page.headers['content-security-policy']);
    const inline = [...page.body.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)];
    expect(inline).toHaveLength(1);
    const hash = `'sha256-${createHash('sha256')
      .update(inline[0]?.[1] ?? '')
      .digest('base64')}'`;
    expect(inlineScriptHashes(page.body)).toEqual([hash]);
    expect(csp).toBe(docsCsp({ production: false, scriptHashes: [hash] }));
    expect(directive(csp, 'script-src')).toEqual(["'self'", hash]);
    expect(directive(csp, 'style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    for (const name of ['default-src', 'connect-src', 'font-src', 'img-src', 'frame-ancestors']) {
      for (const source of directive(csp, name)) expect(source, name).toMatch(/^('|data:|blob:)/);
    }
    expect(csp).not.toContain('unsafe-eval');
    expect(directive(csp, 'frame-ancestors')).toEqual(["'none'"]);
    // The rest of the page set stays.
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    // The bundle and the contract answer under the same policy, without the inline script.
    for (const url of ['/docs', '/docs/js/scalar.js', '/docs/openapi.json']) {
      expect((await get(url)).headers['content-security-policy'], url).toBe(
        docsCsp({ production: false, scriptHashes: [] }),
      );
    }
    expect(docsCsp({ production: true, scriptHashes: [] })).toMatch(/;upgrade-insecure-requests$/);
  });

  it('keeps its policy to /docs: the portal’s pages and the API keep theirs', async () => {
    for (const url of ['/no-such-page', '/documents', '/docsx']) {
      const csp = String((await get(url)).headers['content-security-policy']);
      expect(csp, url).toContain("script-src 'self' https://apis.google.com");
      expect(directive(csp, 'style-src'), url).toEqual(["'self'", ...REACT_ARIA_STYLE_HASHES]);
      expect(csp, url).not.toContain('unsafe-inline');
    }
    expect((await get('/api/healthz')).headers['content-security-policy']).toBe(
      "default-src 'none';frame-ancestors 'none'",
    );
  });
});

describe('the contract the reference shows', () => {
  const document = parseYaml(readFileSync(testConfig().openapiPath, 'utf8')) as Node;
  const operations = operationsOf(document);

  it('declares the query parameters of the feeds and of the audit', async () => {
    const served = (await get('/docs/openapi.json')).json() as Node;
    const query = (path: string) =>
      (
        ((served.paths as Record<string, Node>)[path]?.get as Node | undefined)?.parameters as
          | Node[]
          | undefined
      )
        ?.filter((parameter) => parameter.in === 'query')
        .map((parameter) => parameter.name);
    for (const path of [
      '/integration/v1/students',
      '/integration/v1/applicants',
      '/integration/v1/messages',
    ]) {
      expect(query(path), path).toEqual(['updatedSince', 'limit', 'cursor']);
    }
    expect(query('/integration/v1/audit')).toEqual(['limit', 'cursor']);
  });

  it('has the integration API take an integration key and the tutor’s calls a Firebase ID token', () => {
    const schemes = (document.components as Node).securitySchemes as Record<string, Node>;
    expect(schemes.integrationKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(schemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    const integration = operations.filter(({ path }) => path.startsWith('/integration/'));
    expect(integration.length).toBeGreaterThanOrEqual(13);
    for (const { path, method, security } of integration) {
      expect(security, `${method} ${path}`).toEqual([{ integrationKey: [] }]);
    }
    const tutor = operations.filter(({ path }) => path.startsWith('/tutor'));
    expect(tutor.length).toBeGreaterThanOrEqual(14);
    for (const { path, method, security } of tutor) {
      expect(security, `${method} ${path}`).toEqual([{ bearerAuth: [] }]);
    }
    // No other operation takes an integration key.
    for (const { path, method, security } of operations) {
      if (path.startsWith('/integration/')) continue;
      expect(JSON.stringify(security), `${method} ${path}`).not.toContain('integrationKey');
    }
  });

  it('has a request example for every body, one the server accepts', () => {
    const missing: string[] = [];
    for (const { path, method, operation } of operations) {
      const content = ((operation.requestBody as Node | undefined)?.content ?? {}) as Record<
        string,
        Node
      >;
      for (const [mediaType, media] of Object.entries(content)) {
        const examples = [
          ...('example' in media ? [media.example] : []),
          ...Object.values((media.examples ?? {}) as Record<string, Node>).map(
            (example) => example.value,
          ),
        ];
        if (examples.length === 0) missing.push(`${method.toUpperCase()} ${path} ${mediaType}`);
        for (const example of mediaType === 'application/json' ? examples : []) {
          const validate = bodyValidator(String(operation.operationId), mediaType);
          expect(validate(structuredClone(example)), `${method} ${path}`).toBe(true);
        }
      }
    }
    expect(missing).toEqual([]);
  });
});
