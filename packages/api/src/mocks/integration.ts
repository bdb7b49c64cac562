import {
  jsonResponse,
  type MockOptions,
  mockOperation,
  type PostBody,
  type ResponseBody,
  readJsonBody,
} from './contract';

/**
 * The integration API (the organisation's systems, with an integration key). The portal never
 * calls it; these mocks exist so that every operation of the contract has one: every row of a
 * batch is 'created', every archived record 'archived', and the audit, the applicants' progress and
 * the delivery outcomes are empty.
 */
export function createIntegrationHandlers(options: MockOptions = {}) {
  return [
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
      }),
    ),
    mockOperation(options, 'GET /integration/v1/audit', () =>
      jsonResponse<ResponseBody<'/integration/v1/audit', 'get'>>({ entries: [], nextCursor: null }),
    ),
  ];
}
