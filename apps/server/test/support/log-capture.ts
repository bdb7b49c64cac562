import type { FastifyInstance } from 'fastify';

/**
 * Points the app's logger (and every child logger, which inherits it) at `lines`: the logger keeps
 * its options, serializers and redaction as the app built them. The stream is pino's public
 * `pino.symbols.streamSym` (`Symbol('pino.stream')`); pino is Fastify's and not a dependency of
 * ours, so the symbol is found by its name. A module mock of the logger's options would not do:
 * the test workers share modules between files (vitest.config.ts: isolate false).
 */
export function captureLog(app: FastifyInstance, lines: string[]): void {
  const logger = app.log as unknown as Record<symbol, unknown>;
  const stream = Object.getOwnPropertySymbols(logger).find(
    (symbol) => symbol.description === 'pino.stream',
  );
  if (!stream) throw new Error("The app's logger has no pino stream to capture.");
  logger[stream] = { write: (line: string) => lines.push(line) };
}
