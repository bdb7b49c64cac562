import { buildApp } from './dist/app.js';
import { loadConfig } from './dist/config.js';
process.env.DATABASE_URL = 'postgres://postgres@127.0.0.1:54381/postgres';
process.env.NODE_ENV = 'development'; process.env.ORG_DOMAIN = 'tutoring.example.org'; process.env.SEED = 'false';
process.env.FIREBASE_AUTH_EMULATOR_HOST = '127.0.0.1:1'; process.env.FIREBASE_PROJECT_ID = 'demo-x'; process.env.LOG_LEVEL = process.env.LL ?? 'info'; process.env.TWILIO_ACCOUNT_SID = ''; process.env.TWILIO_AUTH_TOKEN = '';
const config = { ...loadConfig(), devRoutes: false, responseValidation: 'log' };
const identity = { async verifyIdToken(token) { const email = Buffer.from(token.split('.')[0], 'base64url').toString(); return { uid: email, email, emailVerified: true, signInProvider: 'google.com', applicantEmail: null, expiresAt: Date.now() / 1000 + 3600 }; }, async mintApplicantToken() {}, async close() {} };
const app = await buildApp(config, { identity });
await app.ready();
const emails = Array.from({ length: 200 }, (_, i) => `bench.tutor${String(i * 10).padStart(5, '0')}@tutoring.example.org`);
const path = process.env.P ?? '/api/tutor';
import pg from 'pg';
const c = new pg.Client(process.env.DATABASE_URL); await c.connect();
const { rows: chats } = await c.query(`select t.email, s.id from tutors t join students s on s.tutor_id = t.id order by t.email limit 200`);
await c.end();
const etags = new Map();
async function one(i) {
  if (path === 'send') {
    const chat = chats[i % chats.length];
    const headers = { authorization: `Bearer ${Buffer.from(chat.email).toString('base64url')}.x.y`, 'content-type': 'application/json' };
    const r = await app.inject({ method: 'POST', url: '/api/tutor/send-message', headers, payload: JSON.stringify({ studentId: chat.id, message: `Text ${i}: see you Thursday.` }) });
    if (r.statusCode >= 300) throw new Error(r.statusCode + r.body);
    return;
  }
  if (path === 'poll') {
    const chat = chats[i % chats.length];
    const headers = { authorization: `Bearer ${Buffer.from(chat.email).toString('base64url')}.x.y`, 'content-type': 'application/json' };
    const etag = etags.get(chat.id); if (etag) headers['if-none-match'] = etag;
    const r = await app.inject({ method: 'POST', url: '/api/tutor/messages', headers, payload: JSON.stringify({ studentId: chat.id }) });
    if (r.statusCode >= 400) throw new Error(r.statusCode + r.body);
    if (r.headers.etag) etags.set(chat.id, r.headers.etag);
    return;
  }
  const r = await app.inject({ method: 'GET', url: path, headers: { authorization: `Bearer ${Buffer.from(emails[i % 200]).toString('base64url')}.x.y` } });
  if (r.statusCode >= 300) throw new Error(r.statusCode + r.body);
}
async function run(N) {
  const c0 = process.cpuUsage(); const t0 = performance.now();
  let inflight = [];
  for (let i = 0; i < N; i++) { inflight.push(one(i)); if (inflight.length >= 10) { await Promise.all(inflight); inflight = []; } }
  await Promise.all(inflight);
  const c = process.cpuUsage(c0); const t = performance.now() - t0;
  return `${path}: ${(N / t * 1000).toFixed(0)} req/s, server CPU ${(((c.user + c.system) / N)).toFixed(0)} µs/request`;
}
await run(2000);
console.error('MARK', Date.now());
for (let k = 0; k < 3; k++) console.log(await run(Number(process.env.N ?? 3000)));
await app.close();
process.exit(0);
