// The integration API: integration keys (created, hashed, scoped, revoked, and from the CLI),
// who may call what, the tutors' batch upsert and the audit.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual as isDeepEqual } from 'node:util';
import { eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { applicants, integrationKeys, students, tutors } from '../src/db/schema.ts';
import {
  createIntegrationKey,
  hashIntegrationKey,
  IntegrationKeyError,
  listIntegrationKeys,
  revokeIntegrationKey,
} from '../src/modules/integration/keys.ts';
import { DEMO_INTEGRATION_KEY, DEMO_TUTOR_EMAILS, seedDemoData } from '../src/seed/demo.ts';
import { DEMO_APPLICANT_EMAILS } from '../src/seed/demo-activity.ts';
import { PRODUCTION_ENV, startTestApp, type TestApp } from './support/app.ts';
import { caller, expectContract, expectError } from './support/calls.ts';
import { onPostgres, openTestDatabase, pgliteDataDirFromTemplate } from './support/database.ts';
import { authEmulatorHost, googleIdToken } from './support/emulator.ts';

let server: TestApp;
const api = caller(() => server.app);
const keys: Record<'write' | 'read' | 'revoked', string> = { write: '', read: '', revoked: '' };

beforeAll(async () => {
  server = await startTestApp({ fixtures: (db) => seedDemoData(db, { now: new Date() }) });
  const now = new Date();
  keys.write = (
    await createIntegrationKey(server.db, { name: 'admin-portal', scope: 'write', now })
  ).key;
  keys.read = (
    await createIntegrationKey(server.db, { name: 'reporting', scope: 'read', now })
  ).key;
  keys.revoked = (
    await createIntegrationKey(server.db, { name: 'old-sync', scope: 'write', now })
  ).key;
  await revokeIntegrationKey(server.db, 'old-sync', now);
});
afterAll(() => server?.close());

const tutor = (recordId: string, overrides: Record<string, unknown> = {}) => ({
  recordId,
  tutorCode: `T-${recordId}`,
  firstName: 'Riley',
  lastName: `Park ${recordId}`,
  email: `riley.${recordId}@tutoring.example.org`,
  ...overrides,
});
const upsert = (rows: unknown[], key: string = keys.write) =>
  api.post('/integration/v1/tutors', { rows }, undefined, { authorization: `Bearer ${key}` });

describe('integration keys', () => {
  it('are 32 random bytes shown once; only their hash is stored', async () => {
    expect(keys.write).toMatch(/^tpk_[A-Za-z0-9_-]{43}$/);
    const [row] = await server.db
      .select()
      .from(integrationKeys)
      .where(eq(integrationKeys.name, 'admin-portal'));
    expect(row?.keyHash).toBe(hashIntegrationKey(keys.write));
    expect(JSON.stringify(row)).not.toContain(keys.write.slice(8));
    const listed = await listIntegrationKeys(server.db);
    // Oldest first, then by name (these three share their creation time).
    expect(
      listed.map((key) => [key.name, key.scope, key.keyPrefix, key.revokedAt !== null]),
    ).toEqual([
      ['admin-portal', 'write', keys.write.slice(0, 8), false],
      ['old-sync', 'write', keys.revoked.slice(0, 8), true],
      ['reporting', 'read', keys.read.slice(0, 8), false],
    ]);
    await expect(
      createIntegrationKey(server.db, { name: 'reporting', scope: 'read', now: new Date() }),
    ).rejects.toThrow(IntegrationKeyError);
  });

  it('open the integration API only: no key, a wrong or revoked key, a read key on a write', async () => {
    const body = { rows: [tutor('auth-1')] };
    expectError(await api.post('/integration/v1/tutors', body), 401, 'UNAUTHENTICATED');
    expectError(await upsert(body.rows, `tpk_${'A'.repeat(43)}`), 401, 'UNAUTHENTICATED');
    expectError(await upsert(body.rows, keys.revoked), 401, 'UNAUTHENTICATED');
    expectError(await upsert(body.rows, keys.read), 403, 'PERMISSION_DENIED');
    const maya = await googleIdToken({ email: DEMO_TUTOR_EMAILS.maya });
    expectError(await upsert(body.rows, maya), 401, 'UNAUTHENTICATED');
    // …and a key never opens a tutor's route.
    expectError(await api.get('/tutor', keys.write), 401, 'UNAUTHENTICATED');
    const [tutorRow] = await server.db
      .select()
      .from(tutors)
      .where(eq(tutors.externalRecordId, 'auth-1'));
    expect(tutorRow).toBeUndefined();
  });
});

describe('POST /integration/v1/tutors', () => {
  it('creates, then answers unchanged for the same batch, then updates what changed', async () => {
    const first = await upsert([tutor('rec-1'), tutor('rec-2')]);
    expect(first.statusCode).toBe(200);
    expectContract('upsertIntegrationTutors', first);
    expect(first.json()).toEqual({
      rows: [
        { recordId: 'rec-1', status: 'created' },
        { recordId: 'rec-2', status: 'created' },
      ],
      counts: { created: 2, updated: 0, unchanged: 0 },
    });
    const again = await upsert([tutor('rec-1'), tutor('rec-2')]);
    expect(again.json().counts).toEqual({ created: 0, updated: 0, unchanged: 2 });

    const changed = await upsert([tutor('rec-1', { capacity: 3 }), tutor('rec-2')]);
    expect(changed.json().rows).toEqual([
      { recordId: 'rec-1', status: 'updated' },
      { recordId: 'rec-2', status: 'unchanged' },
    ]);
    const [stored] = await server.db
      .select()
      .from(tutors)
      .where(eq(tutors.externalRecordId, 'rec-1'));
    expect(stored).toMatchObject({ capacity: 3, email: 'riley.rec-1@tutoring.example.org' });
  });

  it('writes nothing when any row is invalid, and says which and why', async () => {
    const response = await upsert([
      tutor('rec-3'),
      tutor('rec-4', { email: DEMO_TUTOR_EMAILS.maya }),
      tutor('rec-3', { tutorCode: 'T-other' }),
    ]);
    expectError(response, 400, 'INVALID_ARGUMENT');
    expect(response.json().error.details.rows).toEqual([
      { recordId: 'rec-3', status: 'valid' },
      {
        recordId: 'rec-4',
        status: 'error',
        errors: [{ path: 'email', message: 'belongs to record recMC7Qd2LxA9vT' }],
      },
      {
        recordId: 'rec-3',
        status: 'error',
        errors: [
          { path: 'recordId', message: "the same as row 0's" },
          { path: 'email', message: "the same as row 0's" },
        ],
      },
    ]);
    const written = await server.db
      .select()
      .from(tutors)
      .where(eq(tutors.externalRecordId, 'rec-3'));
    expect(written).toEqual([]);
  });

  it('refuses a row against the contract and a batch over 1,000 rows', async () => {
    expectError(await upsert([tutor('rec-5', { capacity: -1 })]), 400, 'INVALID_ARGUMENT');
    // Every row's outcome, as the batch checks give them: the contract's first problem per row.
    const mixed = expectError(
      await upsert([
        tutor('rec-5'),
        tutor('rec-6', { email: 'not an e-mail' }),
        { ...tutor('rec-7'), firstName: undefined },
      ]),
      400,
      'INVALID_ARGUMENT',
    );
    expect(mixed.details?.rows).toEqual([
      { recordId: 'rec-5', status: 'valid' },
      {
        recordId: 'rec-6',
        status: 'error',
        errors: [{ path: 'email', message: 'must match format "email"' }],
      },
      {
        recordId: 'rec-7',
        status: 'error',
        errors: [{ path: 'firstName', message: 'is required' }],
      },
    ]);
    const many = Array.from({ length: 1001 }, (_, index) => tutor(`bulk-${index}`));
    expectError(await upsert(many), 400, 'INVALID_ARGUMENT');
  });
});

describe('GET /integration/v1/audit', () => {
  type Entry = {
    keyName: string;
    operation: string;
    at: string;
    status: number;
    counts: Record<string, number>;
    recordIds: string[];
    changes: unknown[];
  };
  const read = (query: string) =>
    server.app.inject({
      method: 'GET',
      url: `/api/integration/v1/audit${query}`,
      headers: { authorization: `Bearer ${keys.read}` },
    });
  const everything = async () => (await read('?limit=500')).json().entries as Entry[];

  it('lists every write with the key and its records, newest first, a page at a time', async () => {
    const all = await read('?limit=500');
    expect(all.statusCode).toBe(200);
    expectContract('listIntegrationAudit', all);
    const writes = (all.json().entries as Entry[]).filter(
      (entry) => entry.keyName === 'admin-portal' && entry.operation === 'upsertIntegrationTutors',
    );
    // The tutors' batches above, newest first: the batch over 1,000 rows, the two refused ones,
    // the refused batch with rec-3 twice, and the three written ones.
    expect(writes.map((entry) => [entry.status, entry.counts])).toEqual([
      [400, { rejected: 1001 }],
      [400, { rejected: 3 }],
      [400, { rejected: 1 }],
      [400, { rejected: 3 }],
      [200, { created: 0, updated: 1, unchanged: 1 }],
      [200, { created: 0, updated: 0, unchanged: 2 }],
      [200, { created: 2, updated: 0, unchanged: 0 }],
    ]);
    expect(writes.at(-1)?.recordIds).toEqual(['rec-1', 'rec-2']);
    expect(writes[3]?.recordIds).toEqual(['rec-3', 'rec-4', 'rec-3']);

    const first = (await read('?limit=3')).json();
    expect(first.entries).toHaveLength(3);
    const second = (await read(`?limit=3&cursor=${first.nextCursor}`)).json();
    // Each read is audited too (newest first), so the pages are a run of a later full read.
    const later = await everything();
    const from = later.findIndex((entry) => isDeepEqual(entry, first.entries[0]));
    expect(later.slice(from, from + 6)).toEqual([...first.entries, ...second.entries]);
    expectError(await read('?limit=0'), 400, 'INVALID_ARGUMENT');
    expectError(await read('?cursor=bogus'), 400, 'INVALID_ARGUMENT');

    const [used] = await server.db
      .select()
      .from(integrationKeys)
      .where(eq(integrationKeys.name, 'reporting'));
    expect(used?.lastUsedAt).not.toBeNull();
  });

  it('records every call, refused ones and reads included, with the key, status, counts and ids', async () => {
    const body = { rows: [tutor('aud-1')] };
    await api.post('/integration/v1/tutors', body); // no key: 401
    await upsert(body.rows, keys.revoked); // 401
    await upsert(body.rows, `tpk_${'B'.repeat(43)}`); // not a key of ours: 401
    await upsert(body.rows, keys.read); // 403
    await upsert([tutor('aud-1', { capacity: -1 })]); // the contract's 400
    // Over the 1 MB body limit: 413, refused before the body is read.
    const huge = await upsert([tutor('aud-2', { lastName: 'x'.repeat(1_100_000) })]);
    expect(huge.statusCode).toBe(413);
    const students = await server.app.inject({
      method: 'GET',
      url: '/api/integration/v1/students?limit=2',
      headers: { authorization: `Bearer ${keys.read}` },
    });
    expect(students.statusCode).toBe(200);
    const returned = students
      .json()
      .students.map(
        (row: { recordId: string | null; studentCode: string }) =>
          row.recordId ?? `studentCode:${row.studentCode}`,
      );
    const badCursor = await server.app.inject({
      method: 'GET',
      url: '/api/integration/v1/messages?cursor=bogus',
      headers: { authorization: `Bearer ${keys.read}` },
    });
    expect(badCursor.statusCode).toBe(400);

    const entries = (await everything()).slice(0, 8).reverse();
    const at = Date.now();
    for (const entry of entries) expect(Math.abs(Date.parse(entry.at) - at)).toBeLessThan(60_000);
    expect(
      entries.map((entry) => [
        entry.keyName,
        entry.operation,
        entry.status,
        entry.counts,
        entry.recordIds,
      ]),
    ).toEqual([
      // Refused before the body is read (no key, not ours, revoked, a read key on a write): the
      // key as far as it is known, and no record ids; a body is not read for a refused caller.
      ['unknown key', 'upsertIntegrationTutors', 401, {}, []],
      ['old-sync (revoked)', 'upsertIntegrationTutors', 401, {}, []],
      ['unknown key', 'upsertIntegrationTutors', 401, {}, []],
      ['reporting', 'upsertIntegrationTutors', 403, {}, []],
      ['admin-portal', 'upsertIntegrationTutors', 400, { rejected: 1 }, ['aud-1']],
      ['admin-portal', 'upsertIntegrationTutors', 413, {}, []],
      ['reporting', 'listIntegrationStudents', 200, { returned: 2 }, returned],
      ['reporting', 'listIntegrationMessages', 400, {}, []],
    ]);
  });
});

describe('write scopes per kind', () => {
  const scoped: Record<string, string> = {};
  const student = (recordId: string, guardianPhone: string) => ({
    recordId,
    studentCode: `S-${recordId}`,
    firstName: 'Noa',
    lastName: 'Scope',
    tutorRecordId: null,
    forwardingNumber: '+15550190977',
    guardianFirstName: 'Ines',
    guardianPhone,
  });
  const post = (path: string, body: unknown, key: string) =>
    api.post(path, body, undefined, { authorization: `Bearer ${key}` });

  beforeAll(async () => {
    const now = new Date();
    for (const [name, scope] of [
      ['crm-students', 'students:write'],
      ['crm-students-read', 'read, students:write'],
      ['crm-family', 'students:write guardian-phone:write'],
    ] as const) {
      scoped[name] = (await createIntegrationKey(server.db, { name, scope, now })).key;
    }
  });

  it('a students:write key writes and archives students only, and reads only with read', async () => {
    const key = scoped['crm-students'] as string;
    const created = await post(
      '/integration/v1/students',
      { rows: [student('scp-1', '+15550170001')] },
      key,
    );
    expect(created.statusCode, created.body).toBe(200);
    const refused = expectError(
      await post('/integration/v1/tutors', { rows: [tutor('scp-t')] }, key),
      403,
      'PERMISSION_DENIED',
    );
    expect(refused.message).toContain('tutors:write');
    expectError(await api.get('/integration/v1/students', key), 403, 'PERMISSION_DENIED');
    expectError(
      await post('/integration/v1/archive', { kind: 'tutors', recordIds: ['rec-1'] }, key),
      403,
      'PERMISSION_DENIED',
    );
    const archived = await post(
      '/integration/v1/archive',
      { kind: 'students', recordIds: ['scp-1'] },
      key,
    );
    expect(archived.statusCode).toBe(200);
    const reader = scoped['crm-students-read'] as string;
    expect((await api.get('/integration/v1/students', reader)).statusCode).toBe(200);
    // Scopes are checked: an unknown one is refused when the key is made.
    await expect(
      createIntegrationKey(server.db, {
        name: 'bad-scope',
        scope: 'students:delete',
        now: new Date(),
      }),
    ).rejects.toThrow(/students:delete/);
  });

  it("changing a stored guardian's phone needs guardian-phone:write, and the audit keeps it masked", async () => {
    const key = scoped['crm-students'] as string;
    expect(
      (await post('/integration/v1/students', { rows: [student('scp-2', '+15550170002')] }, key))
        .statusCode,
    ).toBe(200);
    const refused = expectError(
      await post('/integration/v1/students', { rows: [student('scp-2', '+15550170092')] }, key),
      400,
      'INVALID_ARGUMENT',
    );
    expect(refused.details?.rows).toEqual([
      {
        recordId: 'scp-2',
        status: 'error',
        errors: [
          {
            path: 'guardianPhone',
            message: 'changing a stored guardian phone needs the guardian-phone:write scope',
          },
        ],
      },
    ]);
    const [kept] = await server.db
      .select()
      .from(students)
      .where(eq(students.externalRecordId, 'scp-2'));
    expect(kept?.guardianPhone).toBe('+15550170002');

    const moved = await post(
      '/integration/v1/students',
      { rows: [student('scp-2', '+15550170092')] },
      scoped['crm-family'] as string,
    );
    expect(moved.json().rows).toEqual([{ recordId: 'scp-2', status: 'updated' }]);
    const audit = await server.app.inject({
      method: 'GET',
      url: '/api/integration/v1/audit?limit=20',
      headers: { authorization: `Bearer ${keys.read}` },
    });
    const entry = audit
      .json()
      .entries.find(
        (row: { keyName: string; status: number }) =>
          row.keyName === 'crm-family' && row.status === 200,
      );
    expect(entry).toMatchObject({
      operation: 'upsertIntegrationStudents',
      recordIds: ['scp-2'],
      changes: [{ recordId: 'scp-2', field: 'guardianPhone', from: '…02', to: '…92' }],
    });
    // The audit never holds the numbers themselves.
    expect(audit.body).not.toContain('5550170002');
    expect(audit.body).not.toContain('5550170092');
    // A write key holds every scope, the guardian phone's included (keys made before scopes).
    const back = await upsertStudent(student('scp-2', '+15550170002'));
    expect(back.json().rows).toEqual([{ recordId: 'scp-2', status: 'updated' }]);
  });
  const upsertStudent = (row: unknown) =>
    post('/integration/v1/students', { rows: [row] }, keys.write);
});

describe('POST /integration/v1/students', () => {
  const student = (recordId: string, overrides: Record<string, unknown> = {}) => ({
    recordId,
    studentCode: `S-${recordId}`,
    firstName: 'Ana',
    lastName: `Lopez ${recordId}`,
    tutorRecordId: 'rec-1',
    forwardingNumber: '+15550190901',
    guardianFirstName: 'Marta',
    // A family of its own: the (forwarding number, guardian phone) pair is unique (migration 0018).
    guardianPhone: `+15550100${900 + Number(recordId.replace(/\D/g, ''))}`,
    language: 'Spanish',
    subjects: ['Math'],
    ...overrides,
  });
  const upsertStudents = (rows: unknown[]) =>
    api.post('/integration/v1/students', { rows }, undefined, {
      authorization: `Bearer ${keys.write}`,
    });

  it('matches students with tutors by record id, and the tutor sees them', async () => {
    const first = await upsertStudents([
      student('stu-1'),
      student('stu-2', { tutorRecordId: null }),
    ]);
    expect(first.statusCode).toBe(200);
    expectContract('upsertIntegrationStudents', first);
    expect(first.json().counts).toEqual({ created: 2, updated: 0, unchanged: 0 });
    expect(
      (await upsertStudents([student('stu-1'), student('stu-2', { tutorRecordId: null })])).json()
        .counts,
    ).toEqual({ created: 0, updated: 0, unchanged: 2 });

    const riley = await googleIdToken({ email: 'riley.rec-1@tutoring.example.org' });
    const names = async () =>
      (await api.get('/tutor', riley))
        .json()
        .correspondents.map((correspondent: { Last_Name: string }) => correspondent.Last_Name);
    expect(await names()).toEqual(['Lopez stu-1']);

    const moved = await upsertStudents([student('stu-2', { tutorRecordId: 'rec-1' })]);
    expect(moved.json().rows).toEqual([{ recordId: 'stu-2', status: 'updated' }]);
    expect(await names()).toEqual(['Lopez stu-1', 'Lopez stu-2']);
  });

  it('writes nothing for a batch with an unknown tutor or a student ID of another student', async () => {
    // A demo student, entered by staff rather than pushed in: it has no record id.
    const [demo] = await server.db
      .select()
      .from(students)
      .where(isNull(students.externalRecordId))
      .limit(1);
    const response = await upsertStudents([
      student('stu-3'),
      student('stu-4', { tutorRecordId: 'rec-nobody' }),
      student('stu-5', { studentCode: demo?.studentCode }),
    ]);
    expectError(response, 400, 'INVALID_ARGUMENT');
    expect(response.json().error.details.rows).toEqual([
      { recordId: 'stu-3', status: 'valid' },
      {
        recordId: 'stu-4',
        status: 'error',
        errors: [{ path: 'tutorRecordId', message: 'no tutor has this record id' }],
      },
      {
        recordId: 'stu-5',
        status: 'error',
        errors: [{ path: 'studentCode', message: 'belongs to a student without a record id' }],
      },
    ]);
    const written = await server.db
      .select()
      .from(students)
      .where(eq(students.externalRecordId, 'stu-3'));
    expect(written).toEqual([]);
    expectError(
      await upsertStudents([student('stu-6', { forwardingNumber: '555-0199' })]),
      400,
      'INVALID_ARGUMENT',
    );
  });
});

describe('the integration feeds', () => {
  type FeedPage = {
    students: Array<{ recordId: string | null; studentCode: string; firstName: string }>;
    nextCursor: string | null;
    pollCursor: string | null;
  };
  const readStudents = async (query: string): Promise<FeedPage> => {
    const response = await server.app.inject({
      method: 'GET',
      url: `/api/integration/v1/students${query}`,
      headers: { authorization: `Bearer ${keys.read}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    expectContract('listIntegrationStudents', response);
    return response.json();
  };
  /** Every page from `cursor` on: the rows, and the cursor to poll with next. */
  const drain = async (cursor: string | null, limit = 3) => {
    const rows: FeedPage['students'] = [];
    let poll = cursor;
    for (let pages = 0; pages < 200; pages += 1) {
      const page = await readStudents(`?limit=${limit}${poll ? `&cursor=${poll}` : ''}`);
      rows.push(...page.students);
      poll = page.pollCursor ?? poll;
      if (!page.nextCursor) break;
    }
    return { rows, poll };
  };

  it('gives every student once, then only what changed, polling with pollCursor', async () => {
    // A row shows once every older transaction of the PostgreSQL server has ended (its ids are the
    // server's): another test file's open transaction may hold a change back a moment, so each
    // read that must see a write waits for it.
    const total = await server.db.select({ id: students.id }).from(students);
    let first = await drain(null);
    await expect
      .poll(async () => {
        first = await drain(null);
        return first.rows.length;
      })
      .toBe(total.length);
    expect(new Set(first.rows.map((row) => row.studentCode)).size).toBe(total.length);
    expect(first.poll).not.toBeNull();

    // Nothing new: an empty page keeps the cursor it was given.
    const idle = await readStudents(`?cursor=${first.poll}`);
    expect(idle).toEqual({ students: [], nextCursor: null, pollCursor: first.poll });

    const [one, two] = first.rows;
    await server.db
      .update(students)
      .set({ firstName: 'Polled' })
      .where(eq(students.studentCode, one?.studentCode ?? ''));
    await server.db
      .update(students)
      .set({ lastName: 'Polled' })
      .where(eq(students.studentCode, two?.studentCode ?? ''));
    let next = await drain(first.poll, 1);
    await expect
      .poll(async () => {
        next = await drain(first.poll, 1);
        return next.rows.map((row) => row.studentCode);
      })
      .toEqual([one?.studentCode, two?.studentCode]);
    expect((await drain(next.poll)).rows).toEqual([]);
  });

  it('refuses a cursor of the time-ordered feed with a 400 that says where to start again', async () => {
    const old = Buffer.from(
      '2026-03-14T10:00:00.000Z|0b7c8a7e-3f7e-4c1e-9a51-1d2e3f4a5b6c',
    ).toString('base64url');
    for (const path of ['students', 'applicants', 'messages']) {
      const refused = expectError(
        await server.app.inject({
          method: 'GET',
          url: `/api/integration/v1/${path}?cursor=${old}`,
          headers: { authorization: `Bearer ${keys.read}` },
        }),
        400,
        'INVALID_ARGUMENT',
      );
      expect(refused.message).toContain('updatedSince=2026-03-14T10:00:00.000Z');
    }
  });
});

// Two connections, one holding its transaction open: PostgreSQL only (PGlite has one).
describe.runIf(onPostgres())(
  'the students feed while transactions commit out of order (PostgreSQL)',
  () => {
    it('gives every row exactly once: a long transaction committed after a shorter later one', async () => {
      const readStudents = async (cursor: string | null) => {
        const response = await server.app.inject({
          method: 'GET',
          url: `/api/integration/v1/students?limit=500${cursor ? `&cursor=${cursor}` : ''}`,
          headers: { authorization: `Bearer ${keys.read}` },
        });
        expect(response.statusCode, response.body).toBe(200);
        return response.json() as {
          students: Array<{ studentCode: string; firstName: string }>;
          pollCursor: string | null;
        };
      };
      // Caught up: the feed's end.
      let cursor: string | null = null;
      for (let page = await readStudents(null); ; page = await readStudents(cursor)) {
        if (page.students.length === 0) break;
        cursor = page.pollCursor;
      }
      const [a, b] = await server.db.select().from(students).limit(2);
      if (!a || !b) throw new Error('the demo data has students');

      const long = new pg.Client({ connectionString: server.database.url });
      await long.connect();
      const seen: string[] = [];
      try {
        // The long transaction (a CSV import) changes student A first and stays open…
        await long.query('begin');
        await long.query(`update students set first_name = 'Long' where id = $1`, [a.id]);
        // …while a shorter one changes student B later, and commits first. Later on the clock the
        // stamps are read back with: in the same millisecond the two read as equal (FRESH52).
        await new Promise((resolve) => setTimeout(resolve, 5));
        await server.db.update(students).set({ firstName: 'Short' }).where(eq(students.id, b.id));

        const during = await readStudents(cursor);
        seen.push(...during.students.map((row) => row.studentCode));
        // B is held back until A's transaction ends: reading it now would move the cursor past A.
        expect(seen).not.toContain(b.studentCode);
        cursor = during.pollCursor ?? cursor;

        await long.query('commit');
        const stamps = await server.db
          .select({ code: students.studentCode, updatedAt: students.updatedAt })
          .from(students)
          .where(inArray(students.id, [a.id, b.id]));
        const stampOf = (code: string) => stamps.find((row) => row.code === code)?.updatedAt;
        // The case that skipped: A is stamped before B but committed after it, so a reader that
        // went on from B's updatedAt (the old cursor, or updatedSince) never saw A.
        expect(stampOf(a.studentCode)?.getTime()).toBeLessThan(
          stampOf(b.studentCode)?.getTime() ?? 0,
        );

        // Other transactions (the server's own jobs) may hold the feed back a moment: poll.
        for (
          let tries = 0;
          tries < 50 && !(seen.includes(a.studentCode) && seen.includes(b.studentCode));
          tries += 1
        ) {
          const after = await readStudents(cursor);
          seen.push(...after.students.map((row) => row.studentCode));
          cursor = after.pollCursor ?? cursor;
          if (after.students.length === 0) await new Promise((resolve) => setTimeout(resolve, 50));
        }
        const after = await readStudents(cursor);
        seen.push(...after.students.map((row) => row.studentCode));
        expect(seen.filter((code) => code === a.studentCode)).toHaveLength(1);
        expect(seen.filter((code) => code === b.studentCode)).toHaveLength(1);
        expect(seen).toHaveLength(new Set(seen).size);
      } finally {
        await long.query('rollback').catch(() => undefined);
        await long.end();
      }
    });
  },
);

// The CLI is the same code on either database: run once, on the PGlite layer.
describe('applicants', () => {
  const applicant = (recordId: string, overrides: Record<string, unknown> = {}) => ({
    recordId,
    tutorCode: `A-${recordId}`,
    firstName: 'Robin',
    lastName: `Diaz ${recordId}`,
    email: `robin.${recordId}@example.com`,
    ...overrides,
  });
  const write = (rows: unknown[]) =>
    api.post('/integration/v1/applicants', { rows }, undefined, {
      authorization: `Bearer ${keys.write}`,
    });
  const read = (query = '') => api.get(`/integration/v1/applicants${query}`);
  const readWith = (query: string) =>
    server.app.inject({
      method: 'GET',
      url: `/api/integration/v1/applicants${query}`,
      headers: { authorization: `Bearer ${keys.read}` },
    });

  it('are created, unchanged the second time, updated; status and interview stay unless sent', async () => {
    const rows = [applicant('app-1'), applicant('app-2', { status: 'Application Accepted' })];
    const first = await write(rows);
    expectContract('upsertIntegrationApplicants', first);
    expect(first.json().counts).toEqual({ created: 2, updated: 0, unchanged: 0 });
    expect((await write(rows)).json().counts).toEqual({ created: 0, updated: 0, unchanged: 2 });

    // The portal promoted app-1 (four tasks done) and the scheduling provider set the interview:
    // a row without status or interviewDate leaves both alone.
    const interview = new Date('2026-12-01T17:00:00.000Z');
    await server.db
      .update(applicants)
      .set({ status: 'Ready to Tutor', interviewDate: interview })
      .where(eq(applicants.externalRecordId, 'app-1'));
    const renamed = await write([applicant('app-1', { firstName: 'Robyn' })]);
    expect(renamed.json().rows).toEqual([{ recordId: 'app-1', status: 'updated' }]);
    const [stored] = await server.db
      .select()
      .from(applicants)
      .where(eq(applicants.externalRecordId, 'app-1'));
    expect(stored).toMatchObject({
      firstName: 'Robyn',
      status: 'Ready to Tutor',
      interviewDate: interview,
      email: 'robin.app-1@example.com',
    });

    // An imported applicant signs in by magic link like any other: the link is e-mailed.
    const link = await api.call('sendEmailSignInLink', { email: 'Robin.App-2@example.com' });
    expect(link.statusCode).toBe(200);
    await server.app.backgroundTasks.settle();
    const outbox = (await api.get('/dev/outbox')).json() as Array<{ to: string }>;
    expect(outbox.map((mail) => mail.to)).toContain('robin.app-2@example.com');
  });

  it("writes nothing for a row with another applicant's e-mail or an unknown tutor", async () => {
    const response = await write([
      applicant('app-3'),
      applicant('app-4', { email: DEMO_APPLICANT_EMAILS.sam }),
      applicant('app-5', { tutorRecordId: 'no-such-tutor' }),
    ]);
    const error = expectError(response, 400, 'INVALID_ARGUMENT');
    expect(error.details?.rows).toEqual([
      { recordId: 'app-3', status: 'valid' },
      {
        recordId: 'app-4',
        status: 'error',
        errors: [{ path: 'email', message: 'belongs to an applicant without a record id' }],
      },
      {
        recordId: 'app-5',
        status: 'error',
        errors: [{ path: 'tutorRecordId', message: 'no tutor has this record id' }],
      },
    ]);
    expect(
      await server.db.select().from(applicants).where(eq(applicants.externalRecordId, 'app-3')),
    ).toEqual([]);
    expectError(await write([applicant('app-6', { status: 'Hired' })]), 400, 'INVALID_ARGUMENT');
  });

  it('read back with task progress, a page at a time, and only what changed since a time', async () => {
    // The feed shows a write once every older transaction of the PostgreSQL server has ended:
    // another test file's may hold it back a moment, so the reads that must see one wait for it.
    const readEveryone = async () => {
      const rows: Array<{ email: string; onboardingComplete: boolean }> = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const page = await readWith(`?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
        expectContract('listIntegrationApplicants', page);
        rows.push(...page.json().applicants);
        cursor = page.json().nextCursor;
        pages += 1;
      } while (cursor && pages < 50);
      return rows;
    };
    const total = await server.db.select({ id: applicants.id }).from(applicants);
    let everyone = await readEveryone();
    await expect
      .poll(async () => {
        everyone = await readEveryone();
        return everyone.length;
      })
      .toBe(total.length);
    expect(new Set(everyone.map((row) => row.email)).size).toBe(total.length);

    // The waiver's webhook (or anything else) changes app-2: it is what changed since then.
    const since = new Date(Date.now() - 1);
    await server.db
      .update(applicants)
      .set({
        waiverCompleted: true,
        workbookCompleted: true,
        backgroundCheckCleared: true,
        availability: 'Monday 16:00-18:00',
      })
      .where(eq(applicants.externalRecordId, 'app-2'));
    const changedSince = async () =>
      (await readWith(`?updatedSince=${encodeURIComponent(since.toISOString())}`)).json()
        .applicants;
    await expect.poll(async () => (await changedSince()).length).toBe(1);
    expect(await changedSince()).toEqual([
      expect.objectContaining({
        recordId: 'app-2',
        tasks: { waiver: true, training: true, backgroundCheck: true, availability: true },
        onboardingComplete: true,
      }),
    ]);
    // The query string is checked against the contract like a body.
    expectError(
      await readWith('?updatedSince=yesterday'),
      400,
      'INVALID_ARGUMENT',
      'query/updatedSince must match format "date-time"',
    );
    expectError(
      await readWith('?limit=501'),
      400,
      'INVALID_ARGUMENT',
      'query/limit must be <= 500',
    );
    expectError(await readWith('?cursor=bm9wZQ'), 400, 'INVALID_ARGUMENT');
    expectError(await read(), 401, 'UNAUTHENTICATED');
  });
});

describe('sessions, announcements, action items and archiving', () => {
  const write = (path: string, body: unknown) =>
    api.post(`/integration/v1/${path}`, body, undefined, { authorization: `Bearer ${keys.write}` });
  const email = 'casey.content@tutoring.example.org';
  let token = '';

  beforeAll(async () => {
    expect((await upsert([tutor('rec-content', { email, firstName: 'Casey' })])).statusCode).toBe(
      200,
    );
    const students = await write('students', {
      rows: [
        {
          recordId: 'stu-content',
          studentCode: 'S-CONTENT',
          firstName: 'Iris',
          lastName: 'Vo',
          tutorRecordId: 'rec-content',
          forwardingNumber: '+15550190950',
        },
      ],
    });
    expect(students.statusCode, students.body).toBe(200);
    token = await googleIdToken({ email });
  });

  it('records sessions that count towards the hours, and archiving one takes it out', async () => {
    const session = (recordId: string, minutes: number) => ({
      recordId,
      tutorRecordId: 'rec-content',
      studentRecordId: 'stu-content',
      sessionDate: '2026-03-02',
      minutes,
    });
    const rows = [session('ses-1', 60), session('ses-2', 45)];
    const first = await write('sessions', { rows });
    expectContract('upsertIntegrationSessions', first);
    expect(first.json().counts).toEqual({ created: 2, updated: 0, unchanged: 0 });
    expect((await write('sessions', { rows })).json().counts.unchanged).toBe(2);
    expect((await api.get('/tutor', token)).json()).toMatchObject({
      totalSessions: 2,
      minutesTutored: 105,
    });
    const archived = await write('archive', { kind: 'tutoringSessions', recordIds: ['ses-2'] });
    expectContract('archiveIntegrationRecords', archived);
    expect(archived.json()).toEqual({
      rows: [{ recordId: 'ses-2', status: 'archived' }],
      counts: { archived: 1, unchanged: 0 },
    });
    expect((await api.get('/tutor', token)).json()).toMatchObject({
      totalSessions: 1,
      minutesTutored: 60,
    });
    const unknownStudent = await write('sessions', {
      rows: [{ ...session('ses-3', 30), studentRecordId: 'nobody' }],
    });
    expect(expectError(unknownStudent, 400, 'INVALID_ARGUMENT').details?.rows).toEqual([
      {
        recordId: 'ses-3',
        status: 'error',
        errors: [{ path: 'studentRecordId', message: 'no student has this record id' }],
      },
    ]);
  });

  it('refuses minutes sent as text ("30") and an undeclared field, row by row, as sent', async () => {
    // Fastify's validation with the contract's Ajv: no coercion of a body, nothing removed.
    const session = {
      recordId: 'ses-4',
      tutorRecordId: 'rec-content',
      studentRecordId: 'stu-content',
      sessionDate: '2026-03-03',
    };
    const refused = await write('sessions', {
      rows: [
        { ...session, minutes: '30' },
        { ...session, recordId: 'ses-5', minutes: 30 },
        { ...session, recordId: 'ses-6', minutes: 30, room: 'B' },
      ],
    });
    const error = expectError(refused, 400, 'INVALID_ARGUMENT');
    expect(error.message).toBe('body/rows/0/minutes must be integer');
    expect(error.details?.rows).toEqual([
      {
        recordId: 'ses-4',
        status: 'error',
        errors: [{ path: 'minutes', message: 'must be integer' }],
      },
      { recordId: 'ses-5', status: 'valid' },
      {
        recordId: 'ses-6',
        status: 'error',
        errors: [{ path: 'room', message: 'is not an accepted field' }],
      },
    ]);
  });

  it('sanitises announcement HTML on the way in, refuses markup without text, and archives', async () => {
    const refused = await write('portal-announcements', {
      rows: [
        { recordId: 'pa-ok', subject: 'Term dates', message: '<p>Dates <b>set</b></p>' },
        { recordId: 'pa-empty', subject: 'Empty', message: '<p><br></p><script>x()</script>' },
      ],
    });
    expect(expectError(refused, 400, 'INVALID_ARGUMENT').details?.rows).toEqual([
      { recordId: 'pa-ok', status: 'valid' },
      {
        recordId: 'pa-empty',
        status: 'error',
        errors: [{ path: 'message', message: 'has no text once its HTML is sanitised' }],
      },
    ]);
    const row = {
      recordId: 'pa-1',
      subject: 'Spring assessments',
      message:
        '<p onclick="steal()">Assessments open <a href="javascript:alert(1)">Monday</a>' +
        '<script>alert(1)</script><img src=x onerror=alert(1)></p>',
      createdAt: '2026-11-25T10:00:00.000Z',
    };
    expect((await write('portal-announcements', { rows: [row] })).statusCode).toBe(200);
    const listed = () =>
      api
        .get('/portal-announcement', token)
        .then((response) =>
          (response.json().announcements as Array<{ subject: string; message: string }>).find(
            (announcement) => announcement.subject === 'Spring assessments',
          ),
        );
    expect((await listed())?.message).toBe('<p>Assessments open <a>Monday</a></p>');
    await write('archive', { kind: 'portalAnnouncements', recordIds: ['pa-1'] });
    expect(await listed()).toBeUndefined();
    const again = await write('archive', { kind: 'portalAnnouncements', recordIds: ['pa-1'] });
    expect(again.json().counts).toEqual({ archived: 0, unchanged: 1 });
    // An upsert of an archived record shows it again.
    const back = await write('portal-announcements', { rows: [row] });
    expect(back.json().rows).toEqual([{ recordId: 'pa-1', status: 'updated' }]);
    expect(await listed()).toBeDefined();
    // The list shows each write at once (the server keeps the latest announcements in memory).
    await write('portal-announcements', {
      rows: [{ ...row, message: '<p>Assessments open Tuesday</p>' }],
    });
    expect((await listed())?.message).toBe('<p>Assessments open Tuesday</p>');

    await write('weekly-announcements', {
      rows: [
        {
          recordId: 'wa-1',
          title: 'Office hours',
          content: '<h2>Thursdays</h2><style>p{}</style>',
          createdAt: '2026-11-26T08:00:00.000Z',
        },
      ],
    });
    const weekly = (await api.get('/tutor', token)).json().weeklyAnnouncements;
    expect(weekly[0]).toMatchObject({ title: 'Office hours', content: '<h2>Thursdays</h2>' });
    expectError(
      await write('archive', { kind: 'weeklyAnnouncements', recordIds: ['wa-1', 'wa-nope'] }),
      400,
      'INVALID_ARGUMENT',
    );
    expect((await api.get('/tutor', token)).json().weeklyAnnouncements[0].title).toBe(
      'Office hours',
    );
    // GET /tutor shows each write at once (the server keeps weekly announcements in memory).
    const weeklyTitles = async () =>
      ((await api.get('/tutor', token)).json().weeklyAnnouncements as Array<{ title: string }>).map(
        (announcement) => announcement.title,
      );
    await write('archive', { kind: 'weeklyAnnouncements', recordIds: ['wa-1'] });
    expect(await weeklyTitles()).not.toContain('Office hours');
    await write('weekly-announcements', {
      rows: [
        {
          recordId: 'wa-1',
          title: 'Office hours move to Fridays',
          content: '<p>Fridays</p>',
          createdAt: '2026-11-26T08:00:00.000Z',
        },
      ],
    });
    expect((await weeklyTitles())[0]).toBe('Office hours move to Fridays');
  });

  it("assigns a pathway to a student; lessons matched by position keep the student's completions", async () => {
    const [student] = await server.db
      .select()
      .from(students)
      .where(eq(students.externalRecordId, 'stu-content'));
    const lesson = (position: number, name: string) => ({
      position,
      name,
      url: `https://learning.example.org/lessons/${position}`,
      topic: 'Fractions',
    });
    const pathway = {
      recordId: 'path-1',
      studentRecordId: 'stu-content',
      name: 'Fractions, unit 2',
      lessons: [lesson(1, 'Equal parts'), lesson(2, 'Comparing'), lesson(3, 'Adding')],
    };
    const first = await write('pathways', { rows: [pathway] });
    expectContract('upsertIntegrationPathways', first);
    expect(first.json().counts).toEqual({ created: 1, updated: 0, unchanged: 0 });
    const read = async () =>
      (await api.call('getStudentPathway', { studentId: student?.id }, token)).json().result as {
        Pathway_Name: string;
        Lessons: Array<{ id: string; Lesson_Id: number; Lesson_Name: string }>;
        completed_lessons: Record<string, boolean>;
      };
    const before = await read();
    expect(before.Pathway_Name).toBe('Fractions, unit 2');
    expect(before.Lessons.map((item) => item.Lesson_Name)).toEqual([
      'Equal parts',
      'Comparing',
      'Adding',
    ]);
    const comparing = before.Lessons.find((item) => item.Lesson_Name === 'Comparing');
    await api.call(
      'updateLessonCompletionStatus',
      { studentId: student?.id, lessonId: comparing?.id },
      token,
    );

    const changed = {
      ...pathway,
      lessons: [lesson(1, 'Equal parts'), lesson(2, 'Comparing fractions'), lesson(4, 'Review')],
    };
    expect((await write('pathways', { rows: [changed] })).json().rows).toEqual([
      { recordId: 'path-1', status: 'updated' },
    ]);
    expect((await write('pathways', { rows: [changed] })).json().counts.unchanged).toBe(1);
    const after = await read();
    expect(after.Lessons.map((item) => item.Lesson_Name)).toEqual([
      'Equal parts',
      'Comparing fractions',
      'Review',
    ]);
    // The renamed lesson is the same lesson: its completion stays.
    expect(after.completed_lessons[comparing?.id ?? '']).toBe(true);

    const twice = await write('pathways', {
      rows: [{ ...pathway, recordId: 'path-2', lessons: [lesson(1, 'A'), lesson(1, 'B')] }],
    });
    expect(expectError(twice, 400, 'INVALID_ARGUMENT').details?.rows).toEqual([
      {
        recordId: 'path-2',
        status: 'error',
        errors: [
          { path: 'studentRecordId', message: 'the student has pathway path-1' },
          { path: 'lessons/1/position', message: 'is the position of an earlier lesson' },
        ],
      },
    ]);
  });

  it('gives a tutor action items, completes and reopens them, and archives them', async () => {
    const item = {
      recordId: 'ai-1',
      tutorRecordId: 'rec-content',
      title: 'Finish the safeguarding module',
      url: 'learning.example.org/safeguarding',
      automaticCompletion: true,
    };
    expect((await write('action-items', { rows: [item] })).statusCode).toBe(200);
    const items = () =>
      api
        .get('/action-item', token)
        .then((response) => response.json() as Array<{ Title: string; Completed: boolean }>);
    expect(await items()).toEqual([
      expect.objectContaining({ Title: 'Finish the safeguarding module', Completed: false }),
    ]);
    await write('action-items', { rows: [{ ...item, completed: true }] });
    expect((await items())[0]?.Completed).toBe(true);
    // Completed again: unchanged, the first completion time stays.
    expect(
      (await write('action-items', { rows: [{ ...item, completed: true }] })).json().counts,
    ).toEqual({ created: 0, updated: 0, unchanged: 1 });
    await write('action-items', { rows: [{ ...item, completed: false }] });
    expect((await items())[0]?.Completed).toBe(false);
    await write('archive', { kind: 'actionItems', recordIds: ['ai-1'] });
    expect(await items()).toEqual([]);
  });
  it('archives tutors, students and applicants: they sign in to nothing or leave their tutor, until an upsert brings them back', async () => {
    const archive = (kind: string, recordIds: string[]) => write('archive', { kind, recordIds });
    const names = async () =>
      ((await api.get('/tutor', token)).json().correspondents as Array<{ First_Name: string }>).map(
        (student) => student.First_Name,
      );
    expect(await names()).toContain('Iris');
    expect((await archive('students', ['stu-content'])).json().counts.archived).toBe(1);
    expect(await names()).not.toContain('Iris');

    // An archived applicant gets no magic link and cannot be read as signed in.
    expect(
      (
        await write('applicants', {
          rows: [
            {
              recordId: 'app-archived',
              tutorCode: 'A-ARCH',
              firstName: 'Quinn',
              lastName: 'Hart',
              email: 'quinn.hart@example.com',
            },
          ],
        })
      ).statusCode,
    ).toBe(200);
    await archive('applicants', ['app-archived']);
    await api.call('sendEmailSignInLink', { email: 'quinn.hart@example.com' });
    await server.app.backgroundTasks.settle();
    const outbox = (await api.get('/dev/outbox')).json() as Array<{ to: string }>;
    expect(outbox.map((mail) => mail.to)).not.toContain('quinn.hart@example.com');

    await archive('tutors', ['rec-content']);
    expectError(await api.get('/tutor', token), 404, 'NOT_FOUND');
    // Upserts bring them back.
    await upsert([tutor('rec-content', { email, firstName: 'Casey' })]);
    expect((await api.get('/tutor', token)).statusCode).toBe(200);
  });
});

describe('the demo data', () => {
  it('carries a published write key outside production, and a production server never has it', async () => {
    const withKey = (app: FastifyInstance) =>
      app.inject({
        method: 'GET',
        url: '/api/integration/v1/applicants?limit=1',
        headers: { authorization: `Bearer ${DEMO_INTEGRATION_KEY}` },
      });
    const demo = await startTestApp({ config: { seed: true } });
    try {
      expect((await withKey(demo.app)).statusCode).toBe(200);
    } finally {
      await demo.close();
    }
    const database = await openTestDatabase();
    const production = await buildApp(
      { ...loadConfig({ ...PRODUCTION_ENV, LOG_LEVEL: 'silent', PORT: '0' }), seed: true },
      {
        database: database.handle,
        identity: {
          verifyIdToken: () => Promise.reject(new Error('no tokens in this test')),
          mintApplicantToken: () => Promise.reject(new Error('no tokens in this test')),
          close: async () => undefined,
        },
      },
    );
    try {
      expectError(await withKey(production), 401, 'UNAUTHENTICATED');
    } finally {
      await production.close();
      await database.dispose();
    }
  });
});

describe.runIf(!onPostgres())('the keys CLI', () => {
  it('creates a key, lists it without the key, and revokes it', async () => {
    const dataDir = pgliteDataDirFromTemplate('keys-cli-');
    const serverDir = fileURLToPath(new URL('..', import.meta.url));
    const cli = (args: string[]) =>
      new Promise<{ code: number | null; output: string }>((resolve) => {
        const child = spawn(process.execPath, ['src/admin/main.ts', 'keys', ...args], {
          cwd: serverDir,
          env: {
            PATH: process.env.PATH,
            // The demo's PGlite: only the development rules allow a server without DATABASE_URL.
            NODE_ENV: 'development',
            DATA_DIR: dataDir,
            FIREBASE_AUTH_EMULATOR_HOST: authEmulatorHost(),
          },
        });
        let output = '';
        child.stdout.on('data', (chunk: Buffer) => {
          output += chunk;
        });
        child.stderr.on('data', (chunk: Buffer) => {
          output += chunk;
        });
        child.on('exit', (code) => resolve({ code, output }));
      });
    try {
      const created = await cli(['create', '--name', 'crm-sync', '--scope', 'read']);
      expect(created.code, created.output).toBe(0);
      const key = created.output.match(/tpk_[A-Za-z0-9_-]{43}/)?.[0] ?? '';
      expect(key).not.toBe('');
      const listed = await cli(['list']);
      expect(listed.output).toContain('crm-sync');
      expect(listed.output).toContain(`${key.slice(0, 8)}…`);
      expect(listed.output).not.toContain(key);
      const revoked = await cli(['revoke', '--name', 'crm-sync']);
      expect(revoked.code, revoked.output).toBe(0);
      expect(revoked.output).toContain('Revoked crm-sync');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
