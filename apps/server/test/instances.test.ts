// Several instances of the server on one PostgreSQL database: the shared reads each keeps in its
// process (the tutors' weekly announcements, the portal announcements) are dropped in every
// instance when one takes an integration write (LISTEN/NOTIFY, app/shared-reads.ts), so a read
// through the other instance sees the write at once instead of up to 30 s later; a listener that
// loses its connection drops its copies when it is back. PostgreSQL only: PGlite serves one
// process.
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type DatabaseHandle, openPostgres } from '../src/db/open.ts';
import { portalAnnouncements } from '../src/db/schema.ts';
import { createIntegrationKey } from '../src/modules/integration/keys.ts';
import { testConfig } from './support/app.ts';
import { caller } from './support/calls.ts';
import { onPostgres, openTestDatabase, type TestDatabase } from './support/database.ts';
import { googleIdToken } from './support/emulator.ts';

describe.runIf(onPostgres())('two instances on one PostgreSQL', () => {
  let database: TestDatabase;
  let secondHandle: DatabaseHandle;
  const apps: FastifyInstance[] = [];
  const [a, b] = [
    caller(() => apps[0] as FastifyInstance),
    caller(() => apps[1] as FastifyInstance),
  ];
  let key = '';
  let token = '';

  beforeAll(async () => {
    database = await openTestDatabase();
    // Each instance with its own pool and listener, as two processes would have.
    secondHandle = await openPostgres(database.url as string);
    for (const handle of [database.handle, secondHandle]) {
      apps.push(await buildApp(testConfig(), { database: handle }));
    }
    key = (
      await createIntegrationKey(database.handle.db, {
        name: 'crm',
        scope: 'write',
        now: new Date(),
      })
    ).key;
    const email = 'casey.instances@tutoring.example.org';
    const tutors = await write(a, 'tutors', {
      rows: [
        {
          recordId: 'rec-instances',
          tutorCode: 'T-INSTANCES',
          firstName: 'Casey',
          lastName: 'Instances',
          email,
        },
      ],
    });
    expect(tutors.statusCode, tutors.body).toBe(200);
    token = await googleIdToken({ email });
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await secondHandle?.close();
    await database?.dispose();
  });

  const write = (through: typeof a, path: string, body: unknown) =>
    through.post(`/integration/v1/${path}`, body, undefined, { authorization: `Bearer ${key}` });
  const subjects = async (through: typeof a) => {
    const response = await through.get('/portal-announcement', token);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json().announcements as Array<{ subject: string }>).map(
      (announcement) => announcement.subject,
    );
  };
  const weeklyTitles = async (through: typeof a) => {
    const response = await through.get('/tutor', token);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json().weeklyAnnouncements as Array<{ title: string }>).map(
      (announcement) => announcement.title,
    );
  };
  /**
   * What `read` answers once it equals `expected`: a notification is asynchronous, so the other
   * instance may take a moment (ms) after the write's answer. Up to 5 s is allowed for a busy
   * machine's scheduling: still far from the 30 s of the copies' age limit without it.
   */
  const soon = async <T>(read: () => Promise<T>, expected: T) => {
    const startedAt = Date.now();
    let seen = await read();
    while (JSON.stringify(seen) !== JSON.stringify(expected) && Date.now() - startedAt < 5000) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      seen = await read();
    }
    return seen;
  };
  const announcement = (recordId: string, subject: string, minute: number) => ({
    recordId,
    subject,
    message: `<p>${subject}</p>`,
    createdAt: new Date(Date.UTC(2026, 10, 25, 10, minute)).toISOString(),
  });

  it('a write through one instance is read at once through the other, both ways', async () => {
    // Both instances hold a copy of the list and of the weekly announcements.
    expect(await subjects(a)).toEqual([]);
    expect(await subjects(b)).toEqual([]);
    expect(await weeklyTitles(a)).toEqual([]);
    expect(await weeklyTitles(b)).toEqual([]);

    const first = await write(a, 'portal-announcements', {
      rows: [announcement('pa-1', 'Term dates', 1)],
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(await soon(() => subjects(b), ['Term dates'])).toEqual(['Term dates']);
    expect(await subjects(a)).toEqual(['Term dates']);

    await write(b, 'portal-announcements', { rows: [announcement('pa-2', 'Assessments', 2)] });
    expect(await soon(() => subjects(a), ['Assessments', 'Term dates'])).toEqual([
      'Assessments',
      'Term dates',
    ]);
    await write(b, 'archive', { kind: 'portalAnnouncements', recordIds: ['pa-1'] });
    expect(await soon(() => subjects(a), ['Assessments'])).toEqual(['Assessments']);

    const weekly = await write(a, 'weekly-announcements', {
      rows: [
        {
          recordId: 'wa-1',
          title: 'Office hours',
          content: '<p>Thursdays</p>',
          createdAt: '2026-11-26T08:00:00.000Z',
        },
      ],
    });
    expect(weekly.statusCode, weekly.body).toBe(200);
    expect(await soon(() => weeklyTitles(b), ['Office hours'])).toEqual(['Office hours']);
  });

  it('a listener that lost its connection drops its copies when it listens again', async () => {
    expect(await subjects(b)).toEqual(['Assessments']);
    // A write no instance takes (SQL by hand): not seen while the copy is fresh.
    await database.handle.db.insert(portalAnnouncements).values({
      subject: 'Written by hand',
      message: '<p>By hand</p>',
      createdAt: new Date(Date.UTC(2026, 10, 25, 10, 3)),
    });
    expect(await subjects(b)).toEqual(['Assessments']);

    // Both listeners' connections end (as when PostgreSQL restarts); they listen again.
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    try {
      const { rowCount } = await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
         where datname = current_database() and application_name like 'tutoring-listener %'`,
      );
      expect(rowCount).toBe(2);
      const startedAt = Date.now();
      let seen: string[] = [];
      while (Date.now() - startedAt < 10_000) {
        seen = await subjects(b);
        if (seen.includes('Written by hand')) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(seen).toEqual(['Written by hand', 'Assessments']);
      // Back to listening: writes are seen at once again.
      const listening = await admin.query(
        `select count(*)::int as count from pg_stat_activity
         where datname = current_database() and application_name like 'tutoring-listener %'`,
      );
      expect(listening.rows[0].count).toBe(2);
    } finally {
      await admin.end();
    }
    await write(a, 'archive', { kind: 'portalAnnouncements', recordIds: ['pa-2'] });
    expect(await soon(() => subjects(b), ['Written by hand'])).toEqual(['Written by hand']);
  });
});
