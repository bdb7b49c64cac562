import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The two <style> elements react-aria inserts, each allowed by the hash of its exact text (CSP
 * hashes cover <style> elements, never style attributes), so style-src stays without
 * 'unsafe-inline': every pressable element (usePress: no double-tap zoom delay on phones) and, on
 * iOS, a modal's scroll lock (usePreventScroll). Copied from react-aria 1.22's dist; when an update
 * changes either text the browser refuses the element again, and e2e/tests/installable.spec.ts,
 * which fails on any CSP violation of the signed-in pages, says so.
 */
export const REACT_ARIA_STYLE_TEXTS = [
  '@layer {\n  [data-react-aria-pressable] {\n    touch-action: pan-x pan-y pinch-zoom;\n  }\n}',
  '@layer {\n  * {\n    overscroll-behavior: contain;\n  }\n}',
] as const;

export const REACT_ARIA_STYLE_HASHES = REACT_ARIA_STYLE_TEXTS.map(
  (text) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`,
);

/**
 * Helmet's headers with a Content-Security-Policy for the portal: everything from this origin,
 * plus what Firebase Auth's Google popup needs (Google's api.js, the auth helper frame of the
 * project's auth domain, the Identity Toolkit and Secure Token APIs) and, in development, the
 * Auth emulator, which serves that frame and those APIs itself. No inline scripts or styles:
 * the built portal has none (the emulator banner sets its styles through the DOM, which CSP allows)
 * besides react-aria's two <style> elements, allowed by hash (REACT_ARIA_STYLE_TEXTS).
 * Besides Firebase's own frame, frames come only from the configured embed origins (EMBED_ORIGINS):
 * the external form, scheduling and video services. Besides Google's, scripts come only from the
 * configured script origins (SCRIPT_ORIGINS): the support chat and the social-proof widget.
 */
export function securityHeaders(options: {
  production: boolean;
  firebaseProjectId: string;
  authEmulatorHost: string | undefined;
  /** Origins of the embedded form, scheduling and video services (EMBED_ORIGINS). */
  embedOrigins: string[];
  /** Origins of the external scripts the portal loads: support chat, social proof (SCRIPT_ORIGINS). */
  scriptOrigins: string[];
}): HelmetOptions {
  const emulator = options.authEmulatorHost ? [`http://${options.authEmulatorHost}`] : [];
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        scriptSrc: ["'self'", 'https://apis.google.com', ...options.scriptOrigins],
        styleSrc: ["'self'", ...REACT_ARIA_STYLE_HASHES],
        // blob: the families' photos, which the portal fetches with the bearer token (an <img>
        // cannot send it) and shows from an object URL.
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'"],
        connectSrc: [
          "'self'",
          'https://identitytoolkit.googleapis.com',
          'https://securetoken.googleapis.com',
          ...emulator,
        ],
        frameSrc: [
          `https://${options.firebaseProjectId}.firebaseapp.com`,
          ...emulator,
          ...options.embedOrigins,
        ],
        // Over plain http on 127.0.0.1 in development, upgrading would break the emulator calls.
        upgradeInsecureRequests: options.production ? [] : null,
      },
    },
    // Firebase's sign-in popup reports back to its opener: 'same-origin' would cut that link.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    strictTransportSecurity: options.production
      ? { maxAge: 31_536_000, includeSubDomains: true }
      : false,
  };
}

/**
 * Helmet's options for the API's answers (JSON, and the webhooks' TwiML): nothing in them is a
 * document a browser renders, so they carry only what still applies to a resource: no framing, no
 * sniffing, no referrer, no use by other origins' pages, and a CSP that allows nothing should one
 * be opened directly. The page set's other headers (its long CSP, COOP, Origin-Agent-Cluster, the
 * legacy X-* ones) govern documents; on every chat poll they were most of the answer's bytes and
 * an eighth of the server's CPU under `pnpm bench:api`.
 */
export function apiSecurityHeaders(options: { production: boolean }): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
    },
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xFrameOptions: { action: 'deny' },
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
    strictTransportSecurity: options.production
      ? { maxAge: 31_536_000, includeSubDomains: true }
      : false,
  };
}

type HeaderList = ReadonlyArray<[string, string]>;

/** The headers Helmet sets for pages and for the API's answers, each read once. */
export interface SecurityHeaderSets {
  page: HeaderList;
  api: HeaderList;
}

export function securityHeaderSets(
  options: Parameters<typeof securityHeaders>[0],
): SecurityHeaderSets {
  return {
    page: helmetHeaders(securityHeaders(options)),
    api: helmetHeaders(apiSecurityHeaders(options)),
  };
}

/**
 * The headers Helmet sets with these options, read once: none of them depends on the request
 * (no nonce, no per-request directive), so running Helmet's eleven middlewares for every answer
 * only repeated the same work (3 % of the server's CPU under `pnpm bench:api`).
 */
export function helmetHeaders(options: HelmetOptions): HeaderList {
  const headers = new Map<string, string>();
  const response = {
    setHeader(name: string, value: unknown) {
      headers.set(name.toLowerCase(), String(value));
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
  };
  let finished = false;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => {
    finished = true;
  });
  if (!finished) throw new Error('Helmet did not finish setting its headers synchronously.');
  return [...headers];
}

/** Sets the API's headers on every answer under `apiPrefix`, the page headers on the others. */
export function registerSecurityHeaders(
  app: FastifyInstance,
  sets: SecurityHeaderSets,
  apiPrefix: string,
): void {
  const apiPath = `${apiPrefix}/`;
  app.addHook('onRequest', (request, reply, done) => {
    const headers = request.url.startsWith(apiPath) ? sets.api : sets.page;
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}

/** For a scope under the API prefix whose answers are pages (the development forms): page headers. */
export function usePageHeaders(scope: FastifyInstance, sets: SecurityHeaderSets): void {
  scope.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of sets.page) reply.raw.setHeader(name, value);
    done();
  });
}
