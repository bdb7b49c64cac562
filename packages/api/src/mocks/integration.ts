import {
  errorResponse,
  jsonResponse,
  type MockOptions,
  mockOperation,
  type PostBody,
  type ResponseBody,
  readJsonBody,
} from './contract';
import { answeredStudent, createMockDb } from './db';
import type { MockDb } from './types';

type IntegrationStudent = ResponseBody<'/integration/v1/students', 'get'>['students'][number];

/** When a student's row last changed, as far as the mock db tells: its newest message or refusal. */
const NEVER_CHANGED = '2026-09-01T00:00:00.000Z';

/** The signed-in tutor's students as the integration API reads them, least recently changed first. */
function integrationStudents(db: MockDb): IntegrationStudent[] {
  const tutor = db.tutor;
  if (!tutor) return [];
  return tutor.correspondents
    .map((record) => {
      const student = answeredStudent(db, record);
      const changes = [
        NEVER_CHANGED,
        ...(db.conversations[student.id] ?? []).map((message) => message.dateSent),
        ...(db.optOutRefusals[student.id] ?? []),
      ];
      return {
        recordId: student.id,
        studentCode: student.Student_ID,
        firstName: student.First_Name,
        lastName: student.Last_Name,
        tutorRecordId: tutor.Record_ID,
        textOptOut: student.textOptOut,
        helpRequestedAt: student.helpRequestedAt,
        updatedAt: changes.reduce((latest, at) =>
          Date.parse(at) > Date.parse(latest) ? at : latest,
        ),
      };
    })
    .sort((a, b) => Date.parse(a.updatedAt) - Date.parse(b.updatedAt));
}

/**
 * GET /integration/v1/students: a page of `limit` (1 to 500, 100 by default) students changed at
 * or after `updatedSince`, the cursor being the next one's position.
 */
function listStudentsHandler(options: MockOptions, db: MockDb) {
  return mockOperation(options, 'GET /integration/v1/students', ({ request }) => {
    const query = new URL(request.url).searchParams;
    const since = query.get('updatedSince');
    const limit = Number(query.get('limit') ?? 100);
    const start = Number(query.get('cursor') ?? 0);
    if (since !== null && Number.isNaN(Date.parse(since))) {
      return errorResponse('INVALID_ARGUMENT', 'updatedSince must be a date-time.');
    }
    if (!Number.isInteger(limit) || limit < 1 || limit > 500) {
      return errorResponse('INVALID_ARGUMENT', 'limit must be 1 to 500.');
    }
    if (!Number.isInteger(start) || start < 0) {
      return errorResponse('INVALID_ARGUMENT', 'cursor is not one this API gave.');
    }
    const changed = integrationStudents(db).filter(
      (student) => since === null || Date.parse(student.updatedAt) >= Date.parse(since),
    );
    const end = start + limit;
    const page = changed.slice(start, end);
    return jsonResponse<ResponseBody<'/integration/v1/students', 'get'>>({
      students: page,
      nextCursor: end < changed.length ? String(end) : null,
      // Where the next poll starts: after this page, or where this one started when it was empty.
      pollCursor: page.length > 0 ? String(start + page.length) : query.get('cursor'),
    });
  });
}

/**
 * The integration API (the organisation's systems, with an integration key). The portal never
 * calls it; these mocks exist so that every operation of the contract has one: every row of a
 * batch is 'created', every archived record 'archived', and the audit, the applicants' progress and
 * the delivery outcomes are empty. The students' read answers the db tutor's students with their
 * families' text state (opted out, asked for help).
 */
export function createIntegrationHandlers(options: MockOptions = {}) {
  const db = options.db ?? createMockDb();
  return [
    listStudentsHandler(options, db),
    mockOperation(options, 'POST /integration/v1/tutors', async ({ request }) => {
      const body = await readJsonBody<PostBody<'/integration/v1/tutors'>>(request);
      const rows = body?.rows ?? [];
      return jsonResponse<ResponseBody<'/integration/v1/tutors', 'post'>>({
        rows: rows.map((row) => ({ recordId: row.recordId, status: 'created' })),
        counts: { created: rows.length, updated: 0, unchanged: 0 },
      });
    }),
    mockOperation(options, 'POST /integration/v1/students', async ({ request }) => {
      const body = await readJsonBody<PostBody<'/integration/v1/students'>>(request);
      const rows = body?.rows ?? [];
      return jsonResponse<ResponseBody<'/integration/v1/students', 'post'>>({
        rows: rows.map((row) => ({ recordId: row.recordId, status: 'created' })),
        counts: { created: rows.length, updated: 0, unchanged: 0 },
      });
    }),
    mockOperation(options, 'POST /integration/v1/applicants', async ({ request }) => {
      const body = await readJsonBody<PostBody<'/integration/v1/applicants'>>(request);
      const rows = body?.rows ?? [];
      return jsonResponse<ResponseBody<'/integration/v1/applicants', 'post'>>({
        rows: rows.map((row) => ({ recordId: row.recordId, status: 'created' })),
        counts: { created: rows.length, updated: 0, unchanged: 0 },
      });
    }),
    mockOperation(options, 'GET /integration/v1/applicants', () =>
      jsonResponse<ResponseBody<'/integration/v1/applicants', 'get'>>({
        applicants: [],
        nextCursor: null,
        pollCursor: null,
      }),
    ),
    ...(
      [
        'POST /integration/v1/sessions',
        'POST /integration/v1/portal-announcements',
        'POST /integration/v1/weekly-announcements',
        'POST /integration/v1/action-items',
        'POST /integration/v1/pathways',
      ] as const
    ).map((operation) =>
      mockOperation(options, operation, async ({ request }) => {
        const body = await readJsonBody<{ rows?: Array<{ recordId: string }> }>(request);
        const rows = body?.rows ?? [];
        return jsonResponse<ResponseBody<'/integration/v1/sessions', 'post'>>({
          rows: rows.map((row) => ({ recordId: row.recordId, status: 'created' })),
          counts: { created: rows.length, updated: 0, unchanged: 0 },
        });
      }),
    ),
    mockOperation(options, 'POST /integration/v1/archive', async ({ request }) => {
      const body = await readJsonBody<PostBody<'/integration/v1/archive'>>(request);
      const recordIds = body?.recordIds ?? [];
      return jsonResponse<ResponseBody<'/integration/v1/archive', 'post'>>({
        rows: recordIds.map((recordId) => ({ recordId, status: 'archived' })),
        counts: { archived: recordIds.length, unchanged: 0 },
      });
    }),
    mockOperation(options, 'GET /integration/v1/messages', () =>
      jsonResponse<ResponseBody<'/integration/v1/messages', 'get'>>({
        messages: [],
        nextCursor: null,
        pollCursor: null,
      }),
    ),
    mockOperation(options, 'GET /integration/v1/audit', () =>
      jsonResponse<ResponseBody<'/integration/v1/audit', 'get'>>({ entries: [], nextCursor: null }),
    ),
  ];
}
