// Every request's id, so that a volunteer's "Reference: …" finds its log lines: the id a trusted
// proxy gives in X-Request-Id (the load balancer's, which its own logs carry too), or a new one.
// The header of any other caller is ignored: a client could otherwise give many requests one id
// and mix its lines with another's. Fastify puts the id on every log line of the request (reqId);
// the app echoes it in the X-Request-Id response header and in every JSON error body.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

export const REQUEST_ID_HEADER = 'x-request-id';

/** What a kept id may be: what load balancers and tracing systems send, and nothing to escape. */
const KEPT_REQUEST_ID = /^[A-Za-z0-9._:/+=-]{1,128}$/;

/** Whether the connection's peer is one of TRUST_PROXY's proxies (a hop count trusts the peer). */
function trustsPeer(trustProxy: Config['trustProxy']): ((address: string) => boolean) | undefined {
  if (trustProxy === false) return undefined;
  if (typeof trustProxy === 'number') return trustProxy >= 1 ? () => true : undefined;
  // Not a list: Fastify's `true` (every hop), which the configuration refuses; trusted alike.
  if (!Array.isArray(trustProxy)) return () => true;
  const trusted = proxyAddr.compile(trustProxy);
  return (address) => trusted(address, 0);
}

/** Fastify's genReqId for this deployment's proxies. */
export function requestIdGenerator(
  trustProxy: Config['trustProxy'],
): (request: IncomingMessage) => string {
  const trusted = trustsPeer(trustProxy);
  return (request) => {
    const given = request.headers[REQUEST_ID_HEADER];
    if (
      trusted &&
      typeof given === 'string' &&
      KEPT_REQUEST_ID.test(given) &&
      trusted(request.socket.remoteAddress ?? '')
    ) {
      return given;
    }
    return randomUUID();
  };
}

type ErrorBodyLike = { error: { requestId?: unknown } };

function isErrorBody(payload: unknown): payload is ErrorBodyLike {
  return (
    typeof payload === 'object' &&
    payload !== null &&
    'error' in payload &&
    typeof (payload as { error: unknown }).error === 'object' &&
    (payload as { error: unknown }).error !== null
  );
}

/**
 * The id in the X-Request-Id response header of every answer, and as `error.requestId` in every
 * JSON error body (before the contract's check of the answer, which declares it).
 */
export function registerRequestIds(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
  app.addHook('preSerialization', (request, reply, payload, done) => {
    if (reply.statusCode >= 400 && isErrorBody(payload) && payload.error.requestId === undefined) {
      payload.error.requestId = request.id;
    }
    done(null, payload);
  });
}
