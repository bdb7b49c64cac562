// The reference the benchmark compares every route with: a minimal Fastify server doing one
// primary-key read per request (a tutor by id) on the same database, through pg (a pool of
// REFERENCE_POOL_SIZE connections: main.ts sets it, and says why) or, with DATA_DIR and no
// DATABASE_URL, PGlite. No auth, no validation, no logging.
import { PGlite } from '@electric-sql/pglite';
import Fastify from 'fastify';
import pg from 'pg';

const port = Number(process.env.PORT ?? 0);
const databaseUrl = process.env.DATABASE_URL;
const dataDir = process.env.DATA_DIR;

type Query = (text: string, params: unknown[]) => Promise<{ rows: unknown[] }>;
let query: Query;
let close: () => Promise<void>;
if (databaseUrl) {
  const max = Number(process.env.REFERENCE_POOL_SIZE);
  if (!Number.isInteger(max) || max < 1) throw new Error('Set REFERENCE_POOL_SIZE (main.ts does).');
  const pool = new pg.Pool({ connectionString: databaseUrl, max });
  query = (text, params) => pool.query(text, params);
  close = () => pool.end();
} else if (dataDir) {
  const client = await PGlite.create(dataDir);
  query = (text, params) => client.query(text, params);
  close = () => client.close();
} else {
  throw new Error('Set DATABASE_URL or DATA_DIR.');
}

const app = Fastify({ logger: false });
app.get<{ Params: { id: string } }>('/ref/tutor/:id', async (request, reply) => {
  const { rows } = await query(
    'SELECT id, tutor_code, first_name, last_name, email FROM tutors WHERE id = $1',
    [request.params.id],
  );
  if (rows.length === 0) return reply.code(404).send({ error: 'not found' });
  return rows[0];
});
app.addHook('onClose', () => close());
const shutdown = () => {
  app.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);
await app.listen({ host: '127.0.0.1', port });
