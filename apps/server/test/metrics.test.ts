// Prometheus metrics: on a listener of their own, behind the configured token, with requests by
// route and status, texts by outcome, magic links sent and the database pool.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { students } from '../src/db/schema.ts';
import { startMetricsServer } from '../src/http/metrics.ts';
import { DEMO_TUTOR_EMAILS, seedDemoData } from '../src/seed/demo.ts';
import { DEMO_APPLICANT_EMAILS } from '../src/seed/demo-activity.ts';
import { startTestApp, type TestApp } from './support/app.ts';
import { caller } from './support/calls.ts';
import { onPostgres } from './support/database.ts';
import { googleIdToken } from './support/emulator.ts';

const TOKEN = 'metrics-test-token';
let server: TestApp;
let metrics: Awaited<ReturnType<typeof startMetricsServer>>;
const api = caller(() => server.app);

beforeAll(async () => {
  server = await startTestApp({
    // No resender: a pass of it during the scrape would count as a connection in use.
    config: { textResendIntervalMs: 0 },
    fixtures: (db) => seedDemoData(db, { now: new Date() }),
  });
  metrics = await startMetricsServer(server.app.metrics, {
    host: '127.0.0.1',
    port: 0,
    token: TOKEN,
  });
});
afterAll(async () => {
  await metrics?.close();
  await server?.close();
});

const scrape = (headers: Record<string, string> = { authorization: `Bearer ${TOKEN}` }) =>
  fetch(`http://127.0.0.1:${metrics.port}/metrics`, { headers });

/** The value of one series in the exposition text, or undefined when it is absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('metrics', () => {
  it('are refused without the configured bearer token', async () => {
    expect((await scrape({})).status).toBe(401);
    expect((await scrape({ authorization: 'Bearer wrong' })).status).toBe(401);
  });

  it('are not served by the public listener', async () => {
    expect((await server.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
  });

  it('count requests by route template and status, with their latency', async () => {
    await api.get('/healthz');
    await api.get('/healthz');
    await api.get('/tutor');
    const text = await (await scrape()).text();
    expect(
      sample(
        text,
        'http_request_duration_seconds_count{method="GET",route="/api/healthz",status_code="200"}',
      ),
    ).toBe(2);
    expect(
      sample(
        text,
        'http_request_duration_seconds_count{method="GET",route="/api/tutor",status_code="401"}',
      ),
    ).toBe(1);
    expect(text).toContain('http_request_duration_seconds_bucket{le="0.005"');
  });

  it('count texts by outcome, inbound replies and magic links', async () => {
    const maya = await googleIdToken({ email: DEMO_TUTOR_EMAILS.maya });
    const rows = await server.db.select().from(students);
    const amara = rows.find((row) => row.firstName === 'Amara');
    const sent = await api.post(
      '/tutor/send-message',
      { studentId: amara?.id, message: 'See you Tuesday!' },
      maya,
    );
    expect(sent.statusCode).toBe(201);
    const reply = await api.post('/dev/sms/inbound', { studentId: amara?.id, body: 'Thank you!' });
    expect(reply.statusCode).toBe(201);
    const link = await api.call('sendEmailSignInLink', { email: DEMO_APPLICANT_EMAILS.sam });
    expect(link.statusCode).toBe(200);
    await server.app.backgroundTasks.settle();

    const text = await (await scrape()).text();
    expect(sample(text, 'tutoring_texts_total{direction="outbound",status="sent"}')).toBe(1);
    expect(sample(text, 'tutoring_texts_total{direction="inbound",status="received"}')).toBe(1);
    expect(sample(text, 'tutoring_magic_links_sent_total{outcome="sent"}')).toBe(1);
    // Nothing runs between requests: PostgreSQL sees the pool's connections idle; PGlite has one.
    expect(sample(text, 'tutoring_db_pool_connections{state="in_use"}')).toBe(onPostgres() ? 0 : 1);
    if (onPostgres()) {
      expect(sample(text, 'tutoring_db_pool_connections{state="idle"}')).toBeGreaterThanOrEqual(1);
    }
    expect(text).toContain('process_resident_memory_bytes');
  });
});
