// POST /api/client-reports: the portal's browser errors and Core Web Vitals, strictly validated,
// small, limited per client IP, and counted in the Prometheus metrics by kind and page route.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMetricsServer } from '../src/http/metrics.ts';
import {
  CLIENT_REPORT_ROUTE_LABELS,
  CLIENT_REPORTS_PER_IP_PER_MINUTE,
} from '../src/observability/client-reports.ts';
import { startTestApp, type TestApp } from './support/app.ts';

let server: TestApp;
let metrics: Awaited<ReturnType<typeof startMetricsServer>>;

beforeAll(async () => {
  server = await startTestApp();
  metrics = await startMetricsServer(server.app.metrics, {
    host: '127.0.0.1',
    port: 0,
    token: undefined,
  });
});
afterAll(async () => {
  await metrics?.close();
  await server?.close();
});

let nextAddress = 1;
/** Each test's calls from an address of its own, so the per-IP limit is its own too. */
const newAddress = () => `192.0.2.${nextAddress++}`;

const send = (body: unknown, remoteAddress = newAddress(), contentType = 'application/json') =>
  server.app.inject({
    method: 'POST',
    url: '/api/client-reports',
    remoteAddress,
    headers: { 'content-type': contentType },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });

const scrape = async () => (await fetch(`http://127.0.0.1:${metrics.port}/metrics`)).text();

function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('POST /api/client-reports', () => {
  it('counts errors by kind and route, and vitals in histograms by name and route', async () => {
    const response = await send({
      route: '/tutoring/messenger/:studentId',
      reports: [
        { kind: 'error' },
        { kind: 'error' },
        { kind: 'unhandledrejection' },
        { kind: 'vital', name: 'LCP', value: 1800 },
        { kind: 'vital', name: 'INP', value: 650 },
        { kind: 'vital', name: 'CLS', value: 0.07 },
      ],
    });
    expect(response.statusCode).toBe(204);
    const text = await scrape();
    const route = 'route="/tutoring/messenger/:studentId"';
    expect(sample(text, `tutoring_client_errors_total{kind="error",${route}}`)).toBe(2);
    expect(sample(text, `tutoring_client_errors_total{kind="unhandledrejection",${route}}`)).toBe(
      1,
    );
    // LCP 1.8 s: in the 2.5 s bucket, not the 1 s one; INP 0.65 s: in 1 s, not 0.5 s.
    expect(sample(text, `tutoring_web_vitals_seconds_bucket{le="1",name="LCP",${route}}`)).toBe(0);
    expect(sample(text, `tutoring_web_vitals_seconds_bucket{le="2.5",name="LCP",${route}}`)).toBe(
      1,
    );
    expect(sample(text, `tutoring_web_vitals_seconds_bucket{le="0.5",name="INP",${route}}`)).toBe(
      0,
    );
    expect(sample(text, `tutoring_web_vitals_seconds_bucket{le="1",name="INP",${route}}`)).toBe(1);
    expect(sample(text, `tutoring_web_vitals_cls_bucket{le="0.1",${route}}`)).toBe(1);
    expect(sample(text, `tutoring_web_vitals_cls_bucket{le="0.05",${route}}`)).toBe(0);
  });

  it.each([
    [
      'a message (may hold personal data)',
      { route: '/', reports: [{ kind: 'error', message: 'x' }] },
    ],
    ['an unknown kind', { route: '/', reports: [{ kind: 'crash' }] }],
    ['an unknown vital', { route: '/', reports: [{ kind: 'vital', name: 'FID', value: 1 }] }],
    ['a vital without its value', { route: '/', reports: [{ kind: 'vital', name: 'LCP' }] }],
    ['a negative value', { route: '/', reports: [{ kind: 'vital', name: 'CLS', value: -1 }] }],
    ['a URL with a query', { route: '/auth?email=a@b.org', reports: [{ kind: 'error' }] }],
    ['no reports', { route: '/', reports: [] }],
    ['21 reports', { route: '/', reports: Array.from({ length: 21 }, () => ({ kind: 'error' })) }],
    ['an unknown field', { route: '/', reports: [{ kind: 'error' }], url: '/tutoring' }],
  ])('refuses %s with 400, counting nothing', async (_, body) => {
    const before = await scrape();
    const response = await send(body);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.status).toBe('INVALID_ARGUMENT');
    const after = await scrape();
    const errors = (text: string) =>
      text.split('\n').filter((line) => line.startsWith('tutoring_client_errors_total{'));
    expect(errors(after)).toEqual(errors(before));
  });

  it('refuses a body over 4 KB (413) and one that is not JSON (415)', async () => {
    const big = {
      route: `/${'a'.repeat(70)}`,
      reports: [{ kind: 'error' }],
      pad: 'x'.repeat(5000),
    };
    const tooLarge = await send(big);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().error.message).toBe('body is larger than the limit of 4 KB');
    expect((await send('kind=error', newAddress(), 'text/plain')).statusCode).toBe(415);
  });

  it(`allows ${CLIENT_REPORTS_PER_IP_PER_MINUTE} calls a minute from one IP, then 429`, async () => {
    const address = newAddress();
    const body = { route: '/tutoring', reports: [{ kind: 'error' }] };
    for (let call = 0; call < CLIENT_REPORTS_PER_IP_PER_MINUTE; call++) {
      expect((await send(body, address)).statusCode).toBe(204);
    }
    const refused = await send(body, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.status).toBe('RESOURCE_EXHAUSTED');
    expect((await send(body)).statusCode).toBe(204); // another address is not limited
  });

  it(`keeps at most ${CLIENT_REPORT_ROUTE_LABELS} route labels; later routes count as other`, async () => {
    for (let index = 0; index < CLIENT_REPORT_ROUTE_LABELS + 5; index++) {
      await send({ route: `/made-up-${index}`, reports: [{ kind: 'error' }] });
    }
    const routes = new Set(
      (await scrape())
        .split('\n')
        .filter((line) => line.startsWith('tutoring_client_errors_total{'))
        .map((line) => /route="([^"]*)"/.exec(line)?.[1]),
    );
    expect(routes.size).toBeLessThanOrEqual(CLIENT_REPORT_ROUTE_LABELS + 1);
    expect(routes.has('other')).toBe(true);
  });
});
