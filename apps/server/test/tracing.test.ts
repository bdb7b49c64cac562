// OpenTelemetry: with OTEL_EXPORTER_OTLP_ENDPOINT set, a request's span (with its request id) and
// its database query's span reach an OTLP/HTTP receiver; unset, no OpenTelemetry module is loaded.
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTracing, type Tracing } from '../src/observability/tracing.ts';
import { startTestApp, type TestApp } from './support/app.ts';
import { onPostgres, pgliteDataDirFromTemplate } from './support/database.ts';

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: { key: string; value: { stringValue?: string } }[];
}

/** A tiny OTLP/HTTP (JSON) receiver: the spans of every POST /v1/traces. */
function startReceiver(): Promise<{ server: Server; url: string; spans: OtlpSpan[] }> {
  const spans: OtlpSpan[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method === 'POST' && request.url === '/v1/traces') {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        for (const resourceSpans of body.resourceSpans ?? [])
          for (const scopeSpans of resourceSpans.scopeSpans ?? []) spans.push(...scopeSpans.spans);
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        server,
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        spans,
      }),
    ),
  );
}

const attribute = (span: OtlpSpan, key: string) =>
  span.attributes.find((each) => each.key === key)?.value.stringValue;

describe('tracing', () => {
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let tracing: Tracing | undefined;
  let server: TestApp | undefined;

  beforeAll(async () => {
    receiver = await startReceiver();
    tracing = await startTracing({ endpoint: receiver.url, serviceName: 'tracing-test' });
    server = await startTestApp();
  });
  afterAll(async () => {
    await server?.close();
    await tracing?.shutdown();
    await new Promise((resolve) => receiver?.server.close(resolve));
  });

  it('exports a span of the request, with its request id, and of its database query', async () => {
    if (!tracing || !server) throw new Error('tracing did not start');
    const response = await server.app.inject({
      method: 'GET',
      url: '/api/readyz?email=jane.doe@example.org',
    });
    expect(response.statusCode).toBe(200);
    const requestId = response.headers['x-request-id'];
    expect(requestId).toBeTruthy();
    await tracing.shutdown(); // exports the batch
    tracing = undefined;

    const requestSpan = receiver.spans.find(
      (span) => attribute(span, 'tutoring.request_id') === requestId,
    );
    if (!requestSpan) throw new Error(`no request span in ${JSON.stringify(receiver.spans)}`);
    expect(attribute(requestSpan, 'http.route')).toBe('/api/readyz');
    // No query string (it may hold personal data or a credential) in any span.
    expect(JSON.stringify(receiver.spans)).not.toContain('jane.doe');
    const inTrace = receiver.spans.filter((span) => span.traceId === requestSpan.traceId);
    const query = inTrace.find((span) => attribute(span, 'db.system.name') === 'postgresql');
    if (!query) throw new Error(`no query span in ${JSON.stringify(inTrace)}`);
    expect(attribute(query, 'db.query.text')).toMatch(/select/i);
    // The query's span is below the request's (through the route handler's span).
    const ids = new Set(inTrace.map((span) => span.spanId));
    expect(ids.has(query.parentSpanId ?? '')).toBe(true);
  });
});

// Database-independent (the child runs on a PGlite folder from the run's template): once, in the
// PGlite run.
describe.skipIf(onPostgres())('tracing when OTEL_EXPORTER_OTLP_ENDPOINT is unset', () => {
  it('loads no OpenTelemetry module while the app starts and answers', () => {
    const script = `
      const { startTracing } = await import('./src/observability/tracing.ts');
      const { loadConfig } = await import('./src/config.ts');
      const { buildApp } = await import('./src/app.ts');
      const config = loadConfig({ ...process.env, OTEL_EXPORTER_OTLP_ENDPOINT: '' });
      if (await startTracing(config.tracing)) throw new Error('tracing started');
      const app = await buildApp(config);
      const answer = await app.inject({ method: 'GET', url: '/api/readyz' });
      console.log('STATUS', answer.statusCode);
      await app.close();`;
    const loadedModulesFile = join(tmpdir(), `loaded-modules-${process.pid}-${Date.now()}.json`);
    const dataDir = pgliteDataDirFromTemplate('server-tracing-');
    const child = spawnSync(
      process.execPath,
      ['--import', './test/support/loaded-modules.mjs', '--input-type=module', '-e', script],
      {
        cwd: fileURLToPath(new URL('..', import.meta.url)),
        encoding: 'utf8',
        env: {
          ...process.env,
          NODE_ENV: 'test',
          LOG_LEVEL: 'silent',
          SEED: 'false',
          DATABASE_URL: '',
          DATA_DIR: dataDir,
          OTEL_EXPORTER_OTLP_ENDPOINT: '',
          LOADED_MODULES_FILE: loadedModulesFile,
        },
        timeout: 60_000,
      },
    );
    rmSync(dataDir, { recursive: true, force: true });
    expect(child.stdout, child.stderr).toContain('STATUS 200');
    const loaded: string[] = JSON.parse(readFileSync(loadedModulesFile, 'utf8'));
    rmSync(loadedModulesFile, { force: true });
    // The hook saw the app's modules (so an OpenTelemetry one would have been seen too)…
    expect(loaded.some((url) => url.includes('/node_modules/fastify/'))).toBe(true);
    // …and none of OpenTelemetry's SDK, exporter or instrumentations. (@opentelemetry/api, the
    // no-op facade libraries call, was loaded before tracing existed: prom-client's CPU metric.)
    const sdk = /@opentelemetry\/(?!api\/)|@fastify\/otel|observability\/otel/;
    expect(loaded.filter((url) => sdk.test(url))).toEqual([]);
  });
});
