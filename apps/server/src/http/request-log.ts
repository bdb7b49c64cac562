// What the server logs of a request: one line when it completes, with the path only, and never a
// credential; of an error, what names it and never the values it carries (log-redaction.ts).
import type { FastifyInstance, FastifyRequest, FastifyServerOptions } from 'fastify';
import type { Config } from '../config.ts';
import { serializeError } from './log-redaction.ts';

/** The pino options of the app's logger. */
export function loggerOptions(config: Pick<Config, 'logLevel'>): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    serializers: {
      // Paths only: query strings can carry sign-in material (a magic link's step-up token) and
      // e-mail addresses (a magic link's `email`).
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: request.url.split('?')[0],
        remoteAddress: request.ip,
      }),
      // Every `err` the app and its modules log: code and scrubbed message, no query parameters.
      err: serializeError,
    },
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie'], remove: true },
  };
}

/**
 * One line per request, when it completes, in place of Fastify's two (the app turns its request
 * logging off). A 304 (nothing changed since the caller's copy) is logged at debug: open chats ask
 * every 5 s, so at info those lines were nearly all of the log and a sixth of a poll's CPU in the
 * server.
 */
export function logCompletedRequests(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (reply.statusCode === 304) request.log.debug(line, 'request completed');
    else request.log.info(line, 'request completed');
    done();
  });
}
