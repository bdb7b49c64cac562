// On-the-fly compression of the API's answers with @fastify/compress. The portal's files are
// compressed at build time instead (apps/portal/scripts/precompress.mjs; static-site.ts sends the
// variants), so this is registered in the API's scope only.
import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** Answers smaller than this are sent as they are: the bytes saved are not worth the CPU. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Brotli at quality 3 in a 256 KB window. Browsers always accept brotli, so every JSON answer
 * over 1 KB pays this. The plugin's default (quality 4 in zlib's 4 MB window) made a compressed
 * GET /tutor cost the server twice a plain one under `pnpm bench:api`'s load; with these it costs
 * 22 % less, for 1-2.5 % more bytes (GET /tutor 6.7 KB: 1,684 → 1,724 bytes).
 */
const BROTLI_QUALITY = 3;
export const BROTLI_WINDOW_BITS = 18;

/**
 * Answers up to this size are compressed in one call, not through a zlib stream: a stream per
 * answer (zlib's worker threads, a pipeline) cost the server 30-40 % more per compressed chat or
 * announcement list (11 and 19 KB) than compressing them in place. The plugin's own limit on a
 * 2-core machine is 8 KB.
 */
export const INLINE_COMPRESSION_MAX_BYTES = 64 * 1024;

/** Appends `token` to the reply's Vary header unless it (or `*`) is there already. */
export function addVary(reply: FastifyReply, token: string): void {
  const current = reply.getHeader('vary');
  const value = Array.isArray(current) ? current.join(', ') : current?.toString();
  if (!value) {
    reply.header('vary', token);
    return;
  }
  const tokens = value.split(',').map((item) => item.trim().toLowerCase());
  if (!tokens.includes(token) && !tokens.includes('*')) reply.header('vary', `${value}, ${token}`);
}

/**
 * JSON answers of `scope` over the threshold go out in brotli or gzip, as the request's
 * Accept-Encoding prefers; plain when it accepts neither. Request bodies are not decompressed:
 * clients send small JSON, and one sent compressed fails to parse, as before.
 */
export async function registerApiCompression(scope: FastifyInstance): Promise<void> {
  await scope.register(compress, {
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    globalDecompression: false,
    brotliOptions: {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [constants.BROTLI_PARAM_LGWIN]: BROTLI_WINDOW_BITS,
      },
    },
    syncThreshold: INLINE_COMPRESSION_MAX_BYTES,
  });
  // Whether an answer is compressed depends on Accept-Encoding, also when this one was not: a
  // shared cache must not hand a plain answer to a client that asked for brotli, or the reverse.
  // (A callback hook: an async one costs a promise per answer.)
  scope.addHook('onSend', (_request, reply, payload, done) => {
    addVary(reply, 'accept-encoding');
    done(null, payload);
  });
}
