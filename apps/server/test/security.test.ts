// CORS only for the configured portal origin, Helmet's headers on every answer (the page set on
// pages, the API set on the API's answers), a CSP whose frames come only from the configured embed
// origins. The API reference's own CSP at /docs: api-docs.test.ts.
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import helmet from 'helmet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import {
  apiSecurityHeaders,
  helmetHeaders,
  REACT_ARIA_STYLE_TEXTS,
  securityHeaders,
} from '../src/http/security-headers.ts';
import { PRODUCTION_ENV, startTestApp, type TestApp } from './support/app.ts';

const PORTAL = 'https://portal.example.org';
const EMBEDS = ['https://forms.example.org', 'https://scheduling.example.org'];
const SCRIPTS = ['https://chat.example.org'];
/** A page outside /docs, whose policy is the portal's (the 404 page without a built portal). */
const PAGE = '/no-such-page';
let server: TestApp;

beforeAll(async () => {
  server = await startTestApp({
    config: { portalOrigin: PORTAL, embedOrigins: EMBEDS, scriptOrigins: SCRIPTS },
  });
});
afterAll(() => server?.close());

const preflight = (origin: string) =>
  server.app.inject({
    method: 'OPTIONS',
    url: '/api/tutor',
    headers: {
      origin,
      'access-control-request-method': 'GET',
      'access-control-request-headers': 'authorization',
    },
  });

describe('CORS', () => {
  it('allows the configured portal origin only', async () => {
    const allowed = await preflight(PORTAL);
    expect(allowed.statusCode).toBe(204);
    expect(allowed.headers['access-control-allow-origin']).toBe(PORTAL);
    expect(String(allowed.headers['access-control-allow-headers'])).toContain('authorization');
    const other = await preflight('https://evil.example');
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    const simple = await server.app.inject({
      method: 'GET',
      url: '/api/tutor',
      headers: { origin: 'https://evil.example' },
    });
    expect(simple.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('sends no CORS headers at all when no portal origin is configured (same origin)', async () => {
    expect(loadConfig({ NODE_ENV: 'test' }).portalOrigin).toBeUndefined();
    expect(() => loadConfig({ PORTAL_ORIGIN: 'https://portal.example.org/path' })).toThrow(
      /PORTAL_ORIGIN/,
    );
    const sameOrigin = await startTestApp();
    try {
      for (const response of [
        await sameOrigin.app.inject({
          method: 'OPTIONS',
          url: '/api/tutor',
          headers: {
            origin: PORTAL,
            'access-control-request-method': 'GET',
            'access-control-request-headers': 'authorization',
          },
        }),
        await sameOrigin.app.inject({
          method: 'GET',
          url: '/api/tutor',
          headers: { origin: PORTAL },
        }),
      ]) {
        const corsHeaders = Object.keys(response.headers).filter((name) =>
          name.startsWith('access-control-'),
        );
        expect(corsHeaders).toEqual([]);
      }
    } finally {
      await sameOrigin.close();
    }
  });
});

describe('security headers', () => {
  /** What Helmet's own middleware writes on a real response with these options. */
  function helmetWrites(options: Parameters<typeof helmet>[0]): Array<[string, string]> {
    const response = new ServerResponse(new IncomingMessage(new Socket()));
    helmet(options)(response.req, response, () => {});
    return Object.entries(response.getHeaders()).map(([name, value]) => [name, String(value)]);
  }

  it("sends every header Helmet sets for pages, with Helmet's values, on pages", async () => {
    const options = securityHeaders({
      production: true,
      firebaseProjectId: 'demo-tutoring',
      authEmulatorHost: undefined,
      embedOrigins: EMBEDS,
      scriptOrigins: SCRIPTS,
    });
    const expected = helmetWrites(options);
    expect(expected.length).toBeGreaterThan(10);
    expect(helmetHeaders(options)).toEqual(expect.arrayContaining(expected));
    expect(helmetHeaders(options)).toHaveLength(expected.length);

    for (const url of ['/docs', '/no-such-page']) {
      const answer = await server.app.inject({ method: 'GET', url });
      for (const name of [
        'content-security-policy',
        'cross-origin-opener-policy',
        'x-content-type-options',
        'referrer-policy',
        'x-frame-options',
        'origin-agent-cluster',
      ]) {
        expect(answer.headers[name], `${url} ${name}`).toBeDefined();
      }
    }
  });

  it('sends the API set on API answers: no framing, sniffing, referrer or cross-origin use, a CSP that allows nothing', async () => {
    const production = helmetWrites(apiSecurityHeaders({ production: true }));
    expect(helmetHeaders(apiSecurityHeaders({ production: true }))).toEqual(
      expect.arrayContaining(production),
    );
    expect(Object.fromEntries(production)).toEqual({
      'content-security-policy': "default-src 'none';frame-ancestors 'none'",
      'cross-origin-resource-policy': 'same-origin',
      'referrer-policy': 'no-referrer',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
    });

    for (const url of ['/api/tutor', '/api/no-such-call']) {
      const answer = await server.app.inject({ method: 'GET', url });
      expect(answer.headers['content-security-policy'], url).toBe(
        "default-src 'none';frame-ancestors 'none'",
      );
      expect(answer.headers['x-content-type-options'], url).toBe('nosniff');
      expect(answer.headers['x-frame-options'], url).toBe('DENY');
      expect(answer.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      // Document-only headers stay off JSON.
      expect(answer.headers['cross-origin-opener-policy'], url).toBeUndefined();
      expect(answer.headers['origin-agent-cluster'], url).toBeUndefined();
    }
  });
});

describe('Content-Security-Policy', () => {
  it('frames only Firebase’s auth domain and the configured embed origins; no inline script', async () => {
    const response = await server.app.inject({ method: 'GET', url: PAGE });
    const csp = String(response.headers['content-security-policy']);
    const frameSrc = csp.split(';').find((d) => d.trim().startsWith('frame-src')) ?? '';
    expect(frameSrc.trim().split(/\s+/).slice(1).sort()).toEqual(
      [
        'https://demo-tutoring.firebaseapp.com',
        ...EMBEDS,
        `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}`,
      ].sort(),
    );
    expect(csp).not.toContain("'unsafe-inline'");
    expect(
      loadConfig({ NODE_ENV: 'test', EMBED_ORIGINS: 'https://a.example, https://b.example' })
        .embedOrigins,
    ).toEqual(['https://a.example', 'https://b.example']);
    expect(() => loadConfig({ EMBED_ORIGINS: 'javascript:alert(1)' })).toThrow(/EMBED_ORIGINS/);
  });

  it('runs scripts only from itself, Google and the configured script origins', async () => {
    const response = await server.app.inject({ method: 'GET', url: PAGE });
    const csp = String(response.headers['content-security-policy']);
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src')) ?? '';
    expect(scriptSrc.trim().split(/\s+/).slice(1).sort()).toEqual(
      ["'self'", 'https://apis.google.com', ...SCRIPTS].sort(),
    );
    expect(
      loadConfig({ ...PRODUCTION_ENV, SCRIPT_ORIGINS: 'https://a.example https://b.example' })
        .scriptOrigins,
    ).toEqual(['https://a.example', 'https://b.example']);
    // Outside development nothing is allowed unless configured.
    expect(loadConfig({ NODE_ENV: 'test' }).scriptOrigins).toEqual([]);
    expect(() => loadConfig({ SCRIPT_ORIGINS: 'javascript:alert(1)' })).toThrow(/SCRIPT_ORIGINS/);
  });
});

describe('styles in pages', () => {
  it("come from the site itself, plus react-aria's two <style> texts by their hashes (no 'unsafe-inline')", async () => {
    const response = await server.app.inject({ method: 'GET', url: PAGE });
    const csp = String(response.headers['content-security-policy']);
    const styleSrc = csp.split(';').find((d) => d.trim().startsWith('style-src')) ?? '';
    // SHA-256 of the two texts, written out (the first is the hash Chromium names when it refuses
    // the element on /tutoring): a changed text must change this test too.
    expect(styleSrc.trim().split(/\s+/).slice(1)).toEqual([
      "'self'",
      "'sha256-38RhXrc7EdReTKsOm23ZPOCUgniTUUcjky8QOOrQx6o='",
      "'sha256-gYiS/BvZvRcK27JIXTuwhZ3hs2+VJ1X+2gUlE+farlg='",
    ]);
    expect(REACT_ARIA_STYLE_TEXTS).toHaveLength(2);
  });
});

describe('images in pages', () => {
  it('come from the site itself, data: URLs and blob: object URLs (the photos the chat fetches)', async () => {
    const response = await server.app.inject({ method: 'GET', url: PAGE });
    const csp = String(response.headers['content-security-policy']);
    const imgSrc = csp.split(';').find((d) => d.trim().startsWith('img-src')) ?? '';
    expect(imgSrc.trim().split(/\s+/).slice(1).sort()).toEqual(["'self'", 'blob:', 'data:'].sort());
  });
});
