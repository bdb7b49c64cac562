// The OpenTelemetry SDK, loaded by tracing.ts only when OTEL_EXPORTER_OTLP_ENDPOINT is set.
//
// - HTTP requests: @fastify/otel, the instrumentation the Fastify team maintains (the contrib
//   @opentelemetry/instrumentation-fastify is deprecated), registered on every Fastify instance
//   created after this starts (Fastify's `fastify.initialization` diagnostics channel). Each
//   request span carries the request id (request-id.ts) as `tutoring.request_id`, so a trace is
//   found from a volunteer's "Reference: …" and from the log lines (reqId); its url.path drops
//   the query string, as the request log does.
// - Database queries: no maintained instrumentation exists for postgres.js (the contrib
//   instrumentation-pg covers node-postgres only; the postgres.js ones on npm are one-person
//   projects), and PGlite has none. Every query the app sends goes through drizzle's prepared
//   query (`execute`/`all`) of either driver, so a CLIENT span is made there, a child of the
//   request's span, with the statement's text: drizzle sends values as parameters ($1…), so the
//   text holds no personal data, and the parameters are never recorded.
// Spans go to <endpoint>/v1/traces as OTLP/HTTP (JSON), in batches.
import { FastifyOtelInstrumentation } from '@fastify/otel';
import { context, type Span, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import { PglitePreparedQuery } from 'drizzle-orm/pglite';
import { PostgresJsPreparedQuery } from 'drizzle-orm/postgres-js';
import type { FastifyRequest } from 'fastify';

export const REQUEST_ID_ATTRIBUTE = 'tutoring.request_id';

/** Starts tracing; answers what stops it (tracing.ts's Tracing). */
export function startOpenTelemetry(options: { endpoint: string; serviceName: string }): {
  shutdown(): Promise<void>;
} {
  const contextManager = new AsyncLocalStorageContextManager().enable();
  context.setGlobalContextManager(contextManager);
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ 'service.name': options.serviceName }),
    spanProcessors: [
      new BatchSpanProcessor({
        exporter: new OTLPTraceExporter({
          url: `${options.endpoint.replace(/\/+$/, '')}/v1/traces`,
        }),
      }),
    ],
  });
  trace.setGlobalTracerProvider(provider);

  const fastify = new FastifyOtelInstrumentation({
    registerOnInitialization: true,
    // An exception's message may quote a value (an address, a phone number): the span gets the
    // error status, the message stays in the scrubbed log line (log-redaction.ts) with the reqId.
    recordExceptions: false,
    requestHook(span: Span, request: FastifyRequest) {
      span.setAttribute(REQUEST_ID_ATTRIBUTE, request.id);
      // The path without its query, as the request log has it: a query may hold a credential
      // (the unsubscribe link's token) or an address.
      span.setAttribute('url.path', request.url.split('?')[0] ?? '');
    },
  });
  fastify.setTracerProvider(provider);
  const restoreQueries = traceQueries(provider.getTracer('tutoring-server/db'));

  return {
    async shutdown() {
      fastify.disable();
      restoreQueries();
      await provider.shutdown();
      trace.disable();
      context.disable();
    },
  };
}

type Tracer = ReturnType<TracerProvider['getTracer']>;
type QueryMethod = (this: { queryString: string }, ...args: unknown[]) => Promise<unknown>;

/** `select "id" from …` -> SELECT (the span's name, per the database conventions). */
function operationOf(text: string): string {
  return /^\s*(\w+)/.exec(text)?.[1]?.toUpperCase() ?? 'QUERY';
}

function traced(tracer: Tracer, run: QueryMethod): QueryMethod {
  return function (this: { queryString: string }, ...args: unknown[]) {
    const operation = operationOf(this.queryString);
    return tracer.startActiveSpan(
      operation,
      {
        kind: SpanKind.CLIENT,
        attributes: {
          'db.system.name': 'postgresql',
          'db.operation.name': operation,
          'db.query.text': this.queryString,
        },
      },
      async (span) => {
        try {
          return await run.apply(this, args);
        } catch (error) {
          span.setStatus({ code: SpanStatusCode.ERROR });
          span.setAttribute('error.type', error instanceof Error ? error.name : 'Error');
          throw error;
        } finally {
          span.end();
        }
      },
    );
  };
}

/** Wraps both drivers' prepared queries; answers the function that puts them back. */
function traceQueries(tracer: Tracer): () => void {
  const restores: (() => void)[] = [];
  for (const prototype of [PostgresJsPreparedQuery.prototype, PglitePreparedQuery.prototype]) {
    const target = prototype as unknown as Record<'execute' | 'all', QueryMethod>;
    for (const method of ['execute', 'all'] as const) {
      const original = target[method];
      target[method] = traced(tracer, original);
      restores.push(() => {
        target[method] = original;
      });
    }
  }
  return () => {
    for (const restore of restores) restore();
  };
}
