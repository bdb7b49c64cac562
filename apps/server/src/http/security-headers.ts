import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's headers with a Content-Security-Policy for the portal: everything from this origin,
 * plus what Firebase Auth's Google popup needs (Google's api.js, the auth helper frame of the
 * project's auth domain, the Identity Toolkit and Secure Token APIs) and, in development, the
 * Auth emulator, which serves that frame and those APIs itself. No inline scripts or styles:
 * the built portal has none (the emulator banner sets its styles through the DOM, which CSP allows).
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
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
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
 * The headers Helmet sets with these options, read once: none of them depends on the request
 * (no nonce, no per-request directive), so running Helmet's eleven middlewares for every answer
 * only repeated the same work (3 % of the server's CPU under `pnpm bench:api`).
 */
export function helmetHeaders(options: HelmetOptions): ReadonlyArray<[string, string]> {
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

/** Sets these headers on every answer, pages and API alike. */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const headers = helmetHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}
