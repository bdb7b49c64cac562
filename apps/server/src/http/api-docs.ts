// The API reference at /docs: Scalar's API reference (@scalar/fastify-api-reference) rendering the
// server's own openapi.yaml, the contract it validates requests with. The plugin serves the page
// (/docs/), Scalar's browser bundle from the package itself (/docs/js/scalar.js: no CDN) and the
// contract as JSON and YAML (/docs/openapi.json, which the page renders, and /docs/openapi.yaml).
// Everything under /docs gets a Content-Security-Policy of its own, narrower in what it may reach
// than the portal's (this origin only) and wider in one point, inline styles: see docsCsp.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import scalarApiReference from '@scalar/fastify-api-reference';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { parse as parseYaml } from 'yaml';
import { addVary, COMPRESSION_THRESHOLD_BYTES } from './compression.ts';

export const DOCS_PREFIX = '/docs';

/**
 * Scalar's options: nothing that reaches beyond this server. No fonts from Scalar's font host
 * (withDefaultFonts: the page uses the system's), no telemetry, no AI agent or MCP (Scalar's
 * services), no developer toolbar, and no request client: it sends requests through Scalar's
 * proxy by default and the reference is for reading.
 */
const SCALAR_CONFIGURATION = {
  pageTitle: 'Volunteer tutoring API reference',
  withDefaultFonts: false,
  telemetry: false,
  agent: { disabled: true },
  mcp: { disabled: true },
  showDeveloperTools: 'never',
  hideClientButton: true,
  hideTestRequestButton: true,
  documentDownloadType: 'both',
} as const;

/** The inline scripts of an HTML page (`<script>` without `src`), as CSP's sha256 sources. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(match[1] ?? '')) continue;
    const digest = createHash('sha256')
      .update(match[2] ?? '', 'utf8')
      .digest('base64');
    hashes.push(`'sha256-${digest}'`);
  }
  return hashes;
}

/**
 * The Content-Security-Policy of everything under /docs. Scripts: this origin (Scalar's bundle)
 * and, by hash, the one inline script of the plugin's page that starts the reference with its
 * options; no 'unsafe-inline' or 'unsafe-eval'. Styles: this origin and 'unsafe-inline', the one
 * relaxation: Scalar's bundle adds its whole stylesheet as a <style> element at run time and its
 * components set style attributes (a nonce would cover the element only, not the attributes, and
 * the plugin renders its page once from fixed options, so no nonce per request). Nothing is
 * fetched from another origin: connect, images, fonts from this origin (and data: images and
 * fonts, which the bundle inlines), no frames, no plugins, no framing of the page.
 */
export function docsCsp(options: { production: boolean; scriptHashes: string[] }): string {
  const directives = [
    "default-src 'self'",
    "base-uri 'self'",
    "object-src 'none'",
    "frame-src 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
    ["script-src 'self'", ...options.scriptHashes].join(' '),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    ...(options.production ? ['upgrade-insecure-requests'] : []),
  ];
  return directives.join(';');
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** The encoding to send: brotli, else gzip, as Accept-Encoding allows (a q of 0 refuses). */
export function preferredEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  const accepted = new Set<string>();
  for (const entry of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name = '', ...parameters] = entry.split(';').map((part) => part.trim());
    const q = parameters.find((parameter) => parameter.startsWith('q='));
    if (q === undefined || Number(q.slice(2)) > 0) accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return undefined;
}

/**
 * The reference's answers are the same on every request (the page, Scalar's 4.9 MB bundle, the
 * contract): each is compressed once, in the background of its first request, and then sent from
 * memory. Compressing the bundle per request cost 0.35 s (gzip) to 0.5 s (brotli) of CPU.
 */
function compressOnce() {
  const compressed = new Map<string, Promise<{ br: Buffer; gzip: Buffer }>>();
  return async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (typeof payload !== 'string' || Buffer.byteLength(payload) < COMPRESSION_THRESHOLD_BYTES) {
      return payload;
    }
    addVary(reply, 'accept-encoding');
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    if (!encoding) return payload;
    let variants = compressed.get(payload);
    if (!variants) {
      const source = Buffer.from(payload);
      variants = Promise.all([
        brotli(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
        gzipped(source, { level: 9 }),
      ]).then(([br, gzip]) => ({ br, gzip }));
      compressed.set(payload, variants);
    }
    const body = (await variants)[encoding];
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return body;
  };
}

/**
 * Registers the reference under /docs in a scope of its own, so its hooks (the CSP, compression)
 * reach only its routes. The page headers the app sets on every page stay; this scope replaces
 * their Content-Security-Policy with docsCsp.
 */
export async function registerApiDocs(
  app: FastifyInstance,
  options: { openapiPath: string; production: boolean },
): Promise<void> {
  const contract = parseYaml(readFileSync(options.openapiPath, 'utf8')) as Record<string, unknown>;
  const withoutInlineScript = docsCsp({ production: options.production, scriptHashes: [] });
  // The plugin's page is the same on every request: its policy is worked out once.
  let pagePolicy: { page: string; policy: string } | undefined;
  await app.register(async (scope) => {
    scope.addHook('onRequest', (_request, reply, done) => {
      reply.raw.setHeader('content-security-policy', withoutInlineScript);
      done();
    });
    scope.addHook('onSend', (_request, reply, payload, done) => {
      const type = String(reply.getHeader('content-type') ?? '');
      if (typeof payload === 'string' && type.startsWith('text/html')) {
        if (pagePolicy?.page !== payload) {
          const scriptHashes = inlineScriptHashes(payload);
          pagePolicy = {
            page: payload,
            policy: docsCsp({ production: options.production, scriptHashes }),
          };
        }
        reply.raw.setHeader('content-security-policy', pagePolicy.policy);
        // The plugin's page names no language (WCAG 3.1.1); the contract is in English.
        done(
          null,
          payload.replace(/^<!doctype html>\s*<html>/i, '<!doctype html>\n<html lang="en">'),
        );
        return;
      }
      done(null, payload);
    });
    // After the hook above: it compresses what that hook sends.
    scope.addHook('onSend', compressOnce());
    await scope.register(scalarApiReference, {
      routePrefix: DOCS_PREFIX,
      configuration: { ...SCALAR_CONFIGURATION, content: contract },
    });
  });
}
