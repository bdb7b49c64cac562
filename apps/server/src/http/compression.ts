// On-the-fly compression of the API's answers with @fastify/compress. The portal's files are
// compressed at build time instead (apps/portal/scripts/precompress.mjs; static-site.ts sends the
// variants), so this is registered in the API's scope only.
import compress from '@fastify/compress';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** Answers smaller than this are sent as they are: the bytes saved are not worth the CPU. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

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
  });
  // Whether an answer is compressed depends on Accept-Encoding, also when this one was not: a
  // shared cache must not hand a plain answer to a client that asked for brotli, or the reverse.
  // (A callback hook: an async one costs a promise per answer.)
  scope.addHook('onSend', (_request, reply, payload, done) => {
    addVary(reply, 'accept-encoding');
    done(null, payload);
  });
}
