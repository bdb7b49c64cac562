// The hot routes' named statements must settle on PostgreSQL's generic plan. A prepared statement
// is planned for its parameters on its first five runs; after that PostgreSQL keeps one generic
// plan unless the custom plans look cheaper, and then it plans the statement again on every
// run. GET /tutor's profile query did that (its 30-day date steered the estimates) and spent
// 0.55 ms planning per request, more than running it: half the database's CPU under
// `pnpm bench:api`. Checked on one connection, whose pg_prepared_statements shows every
// statement it prepared and how each was planned.
import { drizzle } from 'drizzle-orm/node-postgres';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openPostgres } from '../src/db/open.ts';
import * as schema from '../src/db/schema.ts';
import {
  multiplyActivity,
  type OrganisationDataset,
  seedOrganisationScale,
} from '../src/seed/organisation-scale.ts';
import { bearer, testConfig } from './support/app.ts';
import { createPostgresDatabase, onPostgres } from './support/database.ts';
import { googleIdToken } from './support/emulator.ts';

/** Runs of each route: PostgreSQL decides between custom and generic plans after five. */
const RUNS = 8;

describe.runIf(onPostgres())('the hot routes’ statements (PostgreSQL)', () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let pool: pg.Pool;
  let app: FastifyInstance;
  let dataset: OrganisationDataset;
  const config = testConfig();

  beforeAll(async () => {
    database = await createPostgresDatabase();
    const migrated = await openPostgres(database.url);
    await migrated.close();
    const loader = new pg.Client({ connectionString: database.url });
    await loader.connect();
    try {
      // A slice of the benchmark's organisation (40 tutors) with ten years of its sessions and
      // messages: the planner's choices follow the data's shape, and a long history is what
      // made the 30-day range look selective enough to plan for each date.
      dataset = await seedOrganisationScale(loader, { scale: 0.02, orgDomain: config.orgDomain });
      await multiplyActivity(loader, 10);
    } finally {
      await loader.end();
    }
    // One connection, so every statement is prepared where the check below can see it.
    pool = new pg.Pool({ connectionString: database.url, max: 1 });
    app = await buildApp(config, {
      database: { db: drizzle({ client: pool, schema }), kind: 'postgres', close: async () => {} },
    });
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await pool?.end();
    await database?.drop();
  });

  it('are planned once and then run on their generic plan', async () => {
    const tutors = dataset.tutors.filter((tutor) => tutor.students.some((s) => s.hasPathway));
    for (let run = 0; run < RUNS; run += 1) {
      // A different tutor each run, as under load: a statement's plan must suit all of them.
      const tutor = tutors[run % tutors.length];
      if (!tutor) throw new Error('the dataset has no tutor with a pathway');
      const student = tutor.students[0]?.id;
      const pathwayStudent = tutor.students.find((s) => s.hasPathway)?.id;
      const headers = bearer(await googleIdToken({ email: tutor.email }));
      const calls = [
        { method: 'GET', url: '/api/tutor' },
        // The dashboard's refresh: the digest first, then (the tag being stale) the answer.
        { method: 'GET', url: '/api/tutor', ifNoneMatch: '"stale"' },
        { method: 'POST', url: '/api/tutor/messages', payload: { studentId: student } },
        {
          method: 'POST',
          url: '/api/tutor/send-message',
          payload: { studentId: student, message: `Plan check ${run}` },
        },
        { method: 'GET', url: '/api/portal-announcement' },
        { method: 'GET', url: '/api/action-item' },
        {
          method: 'POST',
          url: '/api/functions/getStudentPathway',
          payload: { data: { studentId: pathwayStudent } },
        },
      ] as const;
      for (const { ifNoneMatch, ...call } of calls.map((each) => ({
        ifNoneMatch: undefined,
        ...each,
      }))) {
        const response = await app.inject({
          ...call,
          headers: { ...headers, ...(ifNoneMatch ? { 'if-none-match': ifNoneMatch } : {}) },
        });
        expect(response.statusCode, `${call.method} ${call.url}: ${response.body}`).toBeLessThan(
          300,
        );
      }
    }

    const { rows } = await pool.query<{
      name: string;
      generic_plans: string;
      custom_plans: string;
    }>('select name, generic_plans, custom_plans from pg_prepared_statements order by name');
    const plans = Object.fromEntries(
      rows.map((row) => [
        row.name,
        { generic: Number(row.generic_plans), custom: Number(row.custom_plans) },
      ]),
    );
    // The statements of GET /tutor, the chat poll and send-message at least.
    expect(Object.keys(plans)).toEqual(
      expect.arrayContaining([
        'tutor_profile_by_email',
        'tutor_digest_by_email',
        'conversation_digest_of_tutors_student',
        'student_conversation_of_tutor',
        'insert_queued_tutor_text',
        'action_items_of_tutor',
        'pathway_of_student',
      ]),
    );
    // Judged: the statements run more than five times (a shared read the process keeps, such as
    // the latest portal announcements, runs once).
    const replannedEveryRun = Object.entries(plans)
      .filter(([, plan]) => plan.generic + plan.custom > 5 && plan.generic === 0)
      .map(([name, plan]) => `${name} (${plan.custom} custom plans)`);
    expect(replannedEveryRun).toEqual([]);
  });
});
