import { buildApp } from './dist/app.js';
import { loadConfig } from './dist/config.js';
import pg from 'pg';
process.env.DATABASE_URL = 'postgres://postgres@127.0.0.1:54381/postgres';
process.env.NODE_ENV = 'development'; process.env.ORG_DOMAIN = 'tutoring.example.org'; process.env.SEED = 'false';
process.env.FIREBASE_AUTH_EMULATOR_HOST = '127.0.0.1:1'; process.env.FIREBASE_PROJECT_ID = 'demo-x'; process.env.LOG_LEVEL = 'warn';
process.env.TWILIO_ACCOUNT_SID = ''; process.env.TWILIO_AUTH_TOKEN = '';
const config = { ...loadConfig(), devRoutes: false, responseValidation: 'log' };
const identity = { async verifyIdToken(token) { const email = Buffer.from(token.split('.')[0], 'base64url').toString(); return { uid: email, email, emailVerified: true, signInProvider: 'google.com', applicantEmail: null, expiresAt: Date.now() / 1000 + 3600 }; }, async mintApplicantToken() {}, async close() {} };
const app = await buildApp(config, { identity });
await app.ready();
const c = new pg.Client(process.env.DATABASE_URL); await c.connect();
const { rows: chats } = await c.query(`select t.email, s.id from tutors t join students s on s.tutor_id = t.id order by t.email limit 200`);
if (process.env.LOGSQL) { await c.query("ALTER SYSTEM SET log_statement='all'"); await c.query('select pg_reload_conf()'); await new Promise(r => setTimeout(r, 300)); }
const chat = chats[3];
const r = await app.inject({ method: 'POST', url: '/api/tutor/send-message', headers: { authorization: `Bearer ${Buffer.from(chat.email).toString('base64url')}.x.y`, 'content-type': 'application/json' }, payload: JSON.stringify({ studentId: chat.id, message: 'Hello there' }) });
console.log(r.statusCode, r.body.slice(0, 200));
if (process.env.LOGSQL) { await c.query("ALTER SYSTEM RESET log_statement"); await c.query('select pg_reload_conf()'); }
await c.end(); await app.close(); process.exit(0);
