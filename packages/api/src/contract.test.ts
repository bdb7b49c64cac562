import { readFile } from 'node:fs/promises';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { getResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { createMockDb } from './mocks/db';
import * as fixtures from './mocks/fixtures';
import { createHandlers } from './mocks/handlers';
import type { MockDbSeed } from './mocks/types';

interface OperationResponse {
  $ref?: string;
  headers?: Record<string, object>;
  content?: Record<string, { schema: object }>;
}
interface Operation {
  requestBody?: { content: Record<string, { schema: object }> };
  responses: Record<string, OperationResponse>;
}
interface Contract {
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, object>;
    responses: Record<string, { content: Record<string, { schema: object }> }>;
  };
}

const contractText = await readFile(new URL('../../../openapi.yaml', import.meta.url), 'utf8');
const contract = parse(contractText) as Contract;

/** Schemas of §3 the portal builds itself; they travel on no wire, so nothing references them. */
const CLIENT_VIEW_SCHEMAS = ['OnboardingUser', 'OnboardingTaskDefinition'];

describe('openapi.yaml', () => {
  it('uses every component except the client-view schemas (stands in for no-unused-components)', () => {
    const referenced = new Set(
      [...contractText.matchAll(/\$ref: ['"]#\/components\/(\w+)\/(\w+)['"]/g)].map(
        (m) => `${m[1]}/${m[2]}`,
      ),
    );
    const unused = [
      ...Object.keys(contract.components.schemas).map((name) => `schemas/${name}`),
      ...Object.keys(contract.components.responses).map((name) => `responses/${name}`),
    ].filter((key) => !referenced.has(key));
    expect(unused.sort()).toEqual(CLIENT_VIEW_SCHEMAS.map((name) => `schemas/${name}`).sort());
  });
});

// ------------------------------------------------------------------ mock answers vs the contract

const ajv = new Ajv2020({ strict: true, allowUnionTypes: true });
addFormats(ajv);
const CONTRACT_ID = 'https://tutoring.example.org/openapi';
const rebase = <T>(schema: T): T =>
  JSON.parse(JSON.stringify(schema).replaceAll('#/components/schemas/', `${CONTRACT_ID}#/$defs/`));
ajv.addSchema({ $id: CONTRACT_ID, $defs: rebase(contract.components.schemas) });

function responseOf(operation: Operation, status: string): OperationResponse | undefined {
  const response = operation.responses[status];
  return response?.$ref
    ? contract.components.responses[response.$ref.split('/').pop() ?? '']
    : response;
}

function jsonSchemaOf(operation: Operation, status: string): object | undefined {
  const schema = responseOf(operation, status)?.content?.['application/json']?.schema;
  return schema ? rebase(schema) : undefined;
}

const BASE_URL = 'http://mock.test/api';

interface Sample {
  method: 'get' | 'post' | 'put';
  /** The path as openapi.yaml writes it ('/tutor/media/{mediaId}'). */
  path: string;
  /** The path requested, when the contract's has parameters ('/tutor/media/media-liam-drawing'). */
  url?: string;
  headers?: Record<string, string>;
  body?: unknown;
  /** A body sent as it is, not as JSON (a form's, with its own Content-Type in `headers`). */
  rawBody?: string;
  status: number;
  /** A db of its own for this sample (the others share one default db, in order). */
  seed?: MockDbSeed;
}

const samples: Sample[] = [
  { method: 'get', path: '/healthz', status: 200 },
  { method: 'get', path: '/readyz', status: 200 },
  {
    method: 'post',
    path: '/client-reports',
    body: {
      route: '/tutoring',
      reports: [{ kind: 'error' }, { kind: 'vital', name: 'LCP', value: 1800 }],
    },
    status: 204,
  },
  {
    method: 'post',
    path: '/integration/v1/tutors',
    body: {
      rows: [
        {
          recordId: 'rec-1',
          tutorCode: 'T-1',
          firstName: 'Riley',
          lastName: 'Park',
          email: 'riley.park@tutoring.example.org',
        },
      ],
    },
    status: 200,
  },
  {
    method: 'post',
    path: '/integration/v1/students',
    body: {
      rows: [
        {
          recordId: 'stu-rec-1',
          studentCode: 'S-1',
          firstName: 'Ana',
          lastName: 'Lopez',
          tutorRecordId: 'rec-1',
          forwardingNumber: '+15550190001',
        },
      ],
    },
    status: 200,
  },
  {
    method: 'post',
    path: '/integration/v1/applicants',
    body: {
      rows: [
        {
          recordId: 'app-1',
          tutorCode: 'A-1',
          firstName: 'Robin',
          lastName: 'Diaz',
          email: 'robin.diaz@example.com',
          status: 'Application Accepted',
        },
      ],
    },
    status: 200,
  },
  { method: 'get', path: '/integration/v1/applicants', status: 200 },
  { method: 'get', path: '/integration/v1/students', status: 200 },
  {
    method: 'get',
    path: '/integration/v1/students',
    url: '/integration/v1/students?limit=0',
    status: 400,
  },
  { method: 'get', path: '/integration/v1/messages', status: 200 },
  {
    method: 'post',
    path: '/integration/v1/sessions',
    body: {
      rows: [
        {
          recordId: 'ses-1',
          tutorRecordId: 'rec-1',
          studentRecordId: 'stu-1',
          sessionDate: '2026-11-24',
          minutes: 60,
        },
      ],
    },
    status: 200,
  },
  {
    method: 'post',
    path: '/integration/v1/portal-announcements',
    body: { rows: [{ recordId: 'pa-1', subject: 'Dates', message: '<p>Set</p>' }] },
    status: 200,
  },
  {
    method: 'post',
    path: '/integration/v1/weekly-announcements',
    body: { rows: [{ recordId: 'wa-1', title: 'Week 1', content: '<p>Hi</p>' }] },
    status: 200,
  },
  {
    method: 'post',
    path: '/integration/v1/action-items',
    body: { rows: [{ recordId: 'ai-1', tutorRecordId: 'rec-1', title: 'Read the handbook' }] },
    status: 200,
  },
  {
    method: 'post',
    path: '/integration/v1/pathways',
    body: {
      rows: [
        {
          recordId: 'path-1',
          studentRecordId: 'stu-1',
          name: 'Fractions',
          lessons: [
            {
              position: 1,
              name: 'Equal parts',
              url: 'https://learning.example.org/1',
              topic: 'Fractions',
            },
          ],
        },
      ],
    },
    status: 200,
  },
  {
    method: 'post',
    path: '/integration/v1/archive',
    body: { kind: 'actionItems', recordIds: ['ai-1'] },
    status: 200,
  },
  { method: 'get', path: '/integration/v1/audit', status: 200 },
  { method: 'get', path: '/tutor', status: 200 },
  {
    method: 'post',
    path: '/onboarding-tutor',
    body: { email: 'sam.rivera@example.com' },
    status: 200,
  },
  { method: 'post', path: '/onboarding-tutor', body: { email: 'nobody@example.com' }, status: 404 },
  { method: 'post', path: '/tutor/messages', body: { studentId: 'stu-ana' }, status: 200 },
  { method: 'post', path: '/tutor/messages', body: { studentId: 'stu-zzz' }, status: 404 },
  {
    method: 'post',
    path: '/tutor/send-message',
    body: { studentId: 'stu-ana', message: '  ¡Hasta el martes!  ' },
    status: 201,
  },
  { method: 'post', path: '/tutor/retry-message', body: { messageId: 'msg-ana-1' }, status: 200 },
  { method: 'post', path: '/tutor/retry-message', body: { messageId: 'msg-nope' }, status: 404 },
  {
    method: 'post',
    path: '/tutor/send-message-as-written',
    body: { messageId: 'msg-ana-1' },
    status: 200,
  },
  {
    method: 'post',
    path: '/tutor/send-message-as-written',
    body: { messageId: 'msg-nope' },
    status: 404,
  },
  {
    method: 'post',
    path: '/tutor/send-scheduled-message-now',
    body: { messageId: 'msg-ana-8' },
    status: 200,
    seed: fixtures.scenarios.textScheduled,
  },
  {
    method: 'post',
    path: '/tutor/send-scheduled-message-now',
    body: { messageId: 'msg-nope' },
    status: 404,
  },
  {
    method: 'post',
    path: '/tutor/send-scheduled-message-now',
    body: { messageId: 'msg-ana-8' },
    status: 409,
    seed: { ...fixtures.scenarios.textScheduled, ...fixtures.scenarios.familyRefusedAsOptedOut },
  },
  {
    method: 'post',
    path: '/tutor/cancel-scheduled-message',
    body: { messageId: 'msg-ana-8' },
    status: 204,
    seed: fixtures.scenarios.textScheduled,
  },
  {
    method: 'post',
    path: '/tutor/cancel-scheduled-message',
    body: { messageId: 'msg-ana-1' },
    status: 409,
  },
  {
    method: 'post',
    path: '/tutor/cancel-scheduled-message',
    body: { messageId: 'msg-nope' },
    status: 404,
  },
  {
    method: 'post',
    path: '/tutor/send-message',
    body: { studentId: 'stu-liam', message: 'See you Thursday!' },
    status: 409,
    seed: fixtures.scenarios.familyOptedOut,
  },
  {
    method: 'post',
    path: '/tutor/send-message',
    body: { studentId: 'stu-ana', message: 'Nos vemos mañana.' },
    status: 201,
    seed: fixtures.scenarios.familyQuietHours,
  },
  { method: 'get', path: '/tutor/notification-settings', status: 200 },
  {
    method: 'get',
    path: '/tutor/notification-settings',
    status: 404,
    seed: fixtures.scenarios.tutorAccountNotFound,
  },
  {
    method: 'put',
    path: '/tutor/notification-settings',
    body: {
      channel: 'none',
      quietHours: { start: '22:00', end: '07:30' },
      timeZone: 'America/Chicago',
    },
    status: 200,
  },
  {
    method: 'put',
    path: '/tutor/notification-settings',
    body: { channel: 'email', quietHours: null, timeZone: 'Mars/Olympus_Mons' },
    status: 400,
  },
  {
    method: 'put',
    path: '/tutor/notification-settings',
    body: { channel: 'text', quietHours: null, timeZone: 'America/Chicago' },
    status: 409,
  },
  {
    method: 'put',
    path: '/tutor/notification-settings',
    body: { channel: 'email', quietHours: null, timeZone: 'America/Chicago' },
    status: 404,
    seed: fixtures.scenarios.tutorAccountNotFound,
  },
  {
    method: 'post',
    path: '/tutor/notification-settings/phone',
    body: { phone: '+15105550188' },
    status: 202,
  },
  {
    method: 'post',
    path: '/tutor/notification-settings/phone',
    body: { phone: '+15105550188' },
    status: 429,
    seed: fixtures.scenarios.phoneCodeLimitReached,
  },
  {
    method: 'post',
    path: '/tutor/notification-settings/phone',
    body: { phone: '+15105550188' },
    status: 404,
    seed: fixtures.scenarios.tutorAccountNotFound,
  },
  {
    method: 'post',
    path: '/tutor/notification-settings/phone/verify',
    body: { code: fixtures.mockPhoneVerificationCode },
    status: 200,
    seed: fixtures.scenarios.phoneCodeSent,
  },
  {
    method: 'post',
    path: '/tutor/notification-settings/phone/verify',
    body: { code: '000000' },
    status: 400,
    seed: fixtures.scenarios.phoneCodeSent,
  },
  {
    method: 'post',
    path: '/tutor/notification-settings/phone/verify',
    body: { code: fixtures.mockPhoneVerificationCode },
    status: 404,
    seed: fixtures.scenarios.tutorAccountNotFound,
  },
  {
    method: 'get',
    path: '/notifications/unsubscribe',
    url: `/notifications/unsubscribe?token=${fixtures.mockUnsubscribeToken}`,
    status: 200,
  },
  {
    method: 'get',
    path: '/notifications/unsubscribe',
    url: '/notifications/unsubscribe?token=short',
    status: 400,
  },
  {
    method: 'post',
    path: '/notifications/unsubscribe',
    url: `/notifications/unsubscribe?token=${fixtures.mockUnsubscribeToken}`,
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    rawBody: 'List-Unsubscribe=One-Click',
    status: 200,
  },
  {
    method: 'post',
    path: '/notifications/unsubscribe',
    url: '/notifications/unsubscribe?token=not%20a%20token%20at%20all',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    rawBody: 'List-Unsubscribe=One-Click',
    status: 400,
  },
  { method: 'post', path: '/tutor/mark-announcement-read', status: 204 },
  {
    method: 'post',
    path: '/tutor/mark-messages-read',
    body: { studentId: 'stu-ana', messageId: 'msg-ana-7' },
    status: 200,
  },
  {
    method: 'post',
    path: '/tutor/mark-messages-read',
    body: { studentId: 'stu-noah', messageId: 'msg-noah-1' },
    status: 404,
  },
  {
    method: 'post',
    path: '/tutor/mark-messages-read',
    body: { studentId: 'stu-ana', messageId: 'msg-liam-1' },
    status: 404,
  },
  {
    method: 'get',
    path: '/tutor/media/{mediaId}',
    url: '/tutor/media/media-liam-drawing',
    status: 200,
    seed: fixtures.scenarios.photoFromFamily,
  },
  {
    method: 'get',
    path: '/tutor/media/{mediaId}',
    url: '/tutor/media/media-liam-worksheet',
    status: 404,
  },
  { method: 'get', path: '/portal-announcement', status: 200 },
  {
    method: 'post',
    path: '/portal-announcement/status',
    body: { announcementId: 'pa-003' },
    status: 200,
  },
  { method: 'get', path: '/action-item', status: 200 },
  { method: 'post', path: '/action-item/complete', body: { itemId: 'ai-104' }, status: 200 },
  { method: 'post', path: '/action-item/complete', body: { itemId: 'ai-103' }, status: 409 },
  {
    method: 'post',
    path: '/functions/getCustomAuthToken',
    body: { data: { stepUpToken: 'demo-step-up-token-sam-rivera' } },
    status: 200,
  },
  {
    method: 'post',
    path: '/functions/getCustomAuthToken',
    body: { data: { stepUpToken: 'expired-step-up-token-0000' } },
    status: 401,
  },
  {
    method: 'post',
    path: '/functions/sendEmailSignInLink',
    body: { data: { email: 'sam.rivera@example.com', returnUrl: '/onboarding/waiver' } },
    status: 200,
  },
  {
    method: 'post',
    path: '/functions/createNewOnboardingUser',
    body: {
      data: {
        email: 'new.tutor@example.com',
        First_Name: 'Ada',
        Last_Name: 'Park',
        phonenum: '510-555-0100',
      },
    },
    status: 200,
  },
  {
    method: 'post',
    path: '/functions/createNewOnboardingUser',
    body: {
      data: {
        email: 'sam.rivera@example.com',
        First_Name: 'Sam',
        Last_Name: 'Rivera',
        phonenum: '5105550199',
      },
    },
    status: 200,
  },
  {
    method: 'post',
    path: '/functions/launchLearningPortalForStudent',
    body: { data: { studentId: 'stu-liam' } },
    status: 200,
  },
  {
    method: 'post',
    path: '/functions/setLatestViewedAnnouncement',
    body: { data: { id: 'wa-2026-11-16', date: '2026-11-16T15:00:00.000Z' } },
    status: 200,
  },
  { method: 'post', path: '/functions/getOnboardingTutor', body: { data: null }, status: 200 },
  {
    method: 'post',
    path: '/functions/getStudentPathway',
    body: { data: { studentId: 'stu-ana' } },
    status: 200,
  },
  {
    method: 'post',
    path: '/functions/getStudentPathway',
    body: { data: { studentId: 'stu-mia' } },
    status: 200,
  },
  {
    method: 'post',
    path: '/functions/updateLessonCompletionStatus',
    body: { data: { studentId: 'stu-ana', lessonId: 'les-403' } },
    status: 200,
  },
  {
    method: 'post',
    path: '/functions/updateLessonCompletionStatus',
    body: { data: { studentId: 'stu-ana', lessonId: 'les-401', completed: false } },
    status: 200,
  },
  {
    method: 'post',
    path: '/functions/addEventAttendee',
    body: { data: { eventId: 'evt-live-training-2026-12-05' } },
    status: 200,
  },
];

/**
 * Sends a sample to the handlers and checks the answer: the status the sample expects, declared
 * by the operation, with the headers it declares for that status, and a JSON body that follows
 * its response schema (or a body of a content type it declares, such as a picture's; or none).
 */
async function expectContractAnswer(
  handlers: ReturnType<typeof createHandlers>,
  { method, path, url, headers, body, rawBody, status }: Sample,
): Promise<unknown> {
  const operation = contract.paths[path]?.[method];
  if (!operation) throw new Error(`${method} ${path} is not in openapi.yaml`);

  const requestSchema = operation.requestBody?.content['application/json']?.schema;
  if (requestSchema) {
    const validRequest = ajv.validate(rebase(requestSchema), body);
    expect(ajv.errors ?? [], 'the sample request itself must follow the contract').toEqual([]);
    expect(validRequest).toBe(true);
  }

  const response = await getResponse(
    handlers,
    new Request(`${BASE_URL}${url ?? path}`, {
      method: method.toUpperCase(),
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer demo', ...headers },
      body: rawBody ?? (body === undefined ? undefined : JSON.stringify(body)),
    }),
  );
  expect(response?.status, `${method} ${path}`).toBe(status);
  expect(Object.keys(operation.responses)).toContain(String(status));
  const declared = responseOf(operation, String(status));
  for (const header of Object.keys(declared?.headers ?? {})) {
    expect(response?.headers.get(header), `${method} ${path}: ${header}`).toBeTruthy();
  }

  const responseSchema = jsonSchemaOf(operation, String(status));
  if (!responseSchema) {
    const contentTypes = Object.keys(declared?.content ?? {});
    if (contentTypes.length === 0) {
      expect(await response?.text()).toBe('');
      return undefined;
    }
    // The media type, without parameters such as a charset.
    const mediaType = response?.headers.get('content-type')?.split(';')[0]?.trim();
    expect(contentTypes).toContain(mediaType);
    const bytes = new Uint8Array((await response?.arrayBuffer()) ?? new ArrayBuffer(0));
    expect(bytes.length).toBeGreaterThan(0);
    return bytes;
  }
  const answer: unknown = await response?.json();
  ajv.validate(responseSchema, answer);
  expect(ajv.errors ?? [], `${method} ${path}`).toEqual([]);
  return answer;
}

describe('MSW handlers answer as openapi.yaml says', () => {
  const handlers = createHandlers({ baseUrl: BASE_URL });

  it('cover every operation of the contract the portal calls', () => {
    // Not the providers' webhooks nor the development-only routes (mocks/contract.ts).
    const operations = Object.entries(contract.paths)
      .filter(([path]) => !/^\/(webhooks|dev)\//.test(path))
      .flatMap(([path, item]) => Object.keys(item).map((method) => `${method} ${path}`));
    expect(new Set(samples.map((s) => `${s.method} ${s.path}`))).toEqual(new Set(operations));
  });

  it.each(samples)('$method $path → $status', async (sample) => {
    const own = sample.seed && createHandlers({ db: createMockDb(sample.seed), baseUrl: BASE_URL });
    await expectContractAnswer(own || handlers, sample);
  });

  it.each([
    ['get', '/tutor', undefined],
    ['post', '/tutor/messages', { studentId: 'stu-ana' }],
  ] as const)('%s %s → 304 to a request that holds its ETag', async (method, path, body) => {
    const first = { method, path, body, status: 200 };
    await expectContractAnswer(handlers, first);
    const tagged = await getResponse(
      handlers,
      new Request(`${BASE_URL}${path}`, {
        method: method.toUpperCase(),
        headers: { 'Content-Type': 'application/json' },
        body: body && JSON.stringify(body),
      }),
    );
    const etag = tagged?.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"[^"]+"$/);
    await expectContractAnswer(handlers, {
      ...first,
      headers: { 'If-None-Match': etag },
      status: 304,
    });
  });
});

// ------------------------------------------------------------------------ fixtures vs the contract

const ref = (name: string) => ({ $ref: `${CONTRACT_ID}#/$defs/${name}` });
const listOf = (items: object) => ({ type: 'array', items });
const recordOf = (values: object) => ({ type: 'object', additionalProperties: values });
const dateTime = { type: 'string', format: 'date-time' };

const orNull = (schema: object) => ({ anyOf: [schema, { type: 'null' }] });

/** A MockDb seed: every part a seed may give, in the contract's schemas. */
const SEED_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  properties: {
    tutor: orNull(ref('Tutor')),
    applicant: orNull(ref('OnboardingTutor')),
    conversations: recordOf(listOf(ref('Message'))),
    readMarks: recordOf(ref('RecordId')),
    deliveryStatus: ref('DeliveryStatus'),
    failureCodes: {
      type: 'object',
      additionalProperties: false,
      properties: { undelivered: { type: 'string' }, failed: { type: 'string' } },
    },
    sentMessageCount: { type: 'integer', minimum: 0 },
    translationFails: { type: 'boolean' },
    translations: recordOf({ type: 'string' }),
    portalAnnouncements: listOf(ref('PortalAnnouncement')),
    readAnnouncementIds: listOf({ type: 'string' }),
    announcementReadAt: recordOf(dateTime),
    latestViewedAnnouncement: orNull(ref('LatestViewedAnnouncement')),
    actionItems: listOf(ref('ActionItem')),
    pathways: recordOf(ref('LearningPathway')),
    sentSignInLinks: listOf(ref('SendEmailSignInLinkData')),
    registrations: listOf({
      type: 'object',
      additionalProperties: false,
      required: ['eventId', 'email'],
      properties: { eventId: ref('RecordId'), email: ref('Email') },
    }),
    now: orNull(dateTime),
    optOutRefusals: recordOf(listOf(dateTime)),
    holdTextsUntil: orNull(dateTime),
    cancelledMessageIds: listOf(ref('RecordId')),
    notificationSettings: ref('NotificationSettings'),
    phoneVerification: orNull({
      type: 'object',
      additionalProperties: false,
      required: ['number', 'code', 'expiresAt', 'wrongCodesLeft'],
      properties: {
        number: { type: 'string', pattern: '^\\+[1-9][0-9]{6,14}$' },
        code: { type: 'string', pattern: '^[0-9]{6}$' },
        expiresAt: dateTime,
        wrongCodesLeft: { type: 'integer', minimum: 0 },
      },
    }),
    phoneCodesSent: { type: 'integer', minimum: 0 },
  } satisfies Record<keyof MockDbSeed, object>,
};

/**
 * The contract schema of every export of fixtures.ts. Typed by the module's exports, so a new
 * fixture does not compile until it is listed here, and then it is validated.
 */
const SCHEMA_OF_FIXTURE = {
  fixtureNow: dateTime,
  studentAna: ref('Student'),
  studentLiam: ref('Student'),
  studentMia: ref('Student'),
  studentNoah: ref('Student'),
  studentSpanishAtTenDays: ref('Student'),
  studentWithLongNamesAndSessionGap: ref('Student'),
  studentWithLongNameAndSubjects: ref('Student'),
  twelveStudents: listOf(ref('Student')),
  studentsOfPriya: listOf(ref('Student')),
  weeklyAnnouncements: listOf(ref('WeeklyAnnouncement')),
  weeklyAnnouncementsFull: listOf(ref('WeeklyAnnouncement')),
  tutorMaya: ref('Tutor'),
  tutorJordan: ref('Tutor'),
  tutorWithNoStudents: ref('Tutor'),
  tutorWithTwelveStudents: ref('Tutor'),
  tutorAtHighestTitle: ref('Tutor'),
  conversationWithDateGroups: listOf(ref('Message')),
  conversationTranslated: listOf(ref('Message')),
  longConversation: listOf(ref('Message')),
  messagesByStudentId: recordOf(listOf(ref('Message'))),
  readMarksByStudentId: recordOf(ref('RecordId')),
  portalAnnouncements: listOf(ref('PortalAnnouncement')),
  readAnnouncementIds: listOf({ type: 'string' }),
  portalAnnouncementsFull: listOf(ref('PortalAnnouncement')),
  readAnnouncementIdsFull: listOf({ type: 'string' }),
  actionItems: listOf(ref('ActionItem')),
  actionItemsFull: listOf(ref('ActionItem')),
  onboardingTutorSam: ref('OnboardingTutor'),
  applicantOneTaskDone: ref('OnboardingTutor'),
  applicantNoTasksDone: ref('OnboardingTutor'),
  applicantTwoTasksDone: ref('OnboardingTutor'),
  applicantAllTasksDone: ref('OnboardingTutor'),
  applicantWithoutInterview: ref('OnboardingTutor'),
  applicantWithUnrecognisedAvailability: ref('OnboardingTutor'),
  applicantReadyToTutor: ref('OnboardingTutor'),
  applicantMatched: ref('OnboardingTutor'),
  applicantWithLongNameAndEmail: ref('OnboardingTutor'),
  learningPathwayAna: ref('LearningPathway'),
  learningPathwayLiam: ref('LearningPathway'),
  learningPathwayNoah: ref('LearningPathway'),
  learningPathwayMaria: ref('LearningPathway'),
  learningPathwayZara: ref('LearningPathway'),
  learningPathwayIsabella: ref('LearningPathway'),
  learningPathwayAiden: ref('LearningPathway'),
  learningPathwaysByStudentId: recordOf(ref('LearningPathway')),
  validStepUpToken: { type: 'string', minLength: 1 },
  customTokenSam: { type: 'string', minLength: 1 },
  existingApplicantEmail: ref('Email'),
  trainingEventIds: listOf(ref('RecordId')),
  defaultNotificationSettings: ref('NotificationSettings'),
  mockPhoneVerificationCode: { type: 'string', pattern: '^[0-9]{6}$' },
  tutorPhoneNumber: { type: 'string', pattern: '^\\+[1-9][0-9]{6,14}$' },
  mockUnsubscribeToken: { type: 'string', pattern: '^[A-Za-z0-9_.-]{20,500}$' },
  scenarios: recordOf(SEED_SCHEMA),
  learningHubScenarios: recordOf({
    type: 'object',
    additionalProperties: false,
    required: ['seed', 'studentId'],
    properties: { seed: SEED_SCHEMA, studentId: ref('RecordId') },
  }),
} satisfies Record<keyof typeof fixtures, object>;

const fixtureExports = new Map<string, unknown>(Object.entries(fixtures));

describe('fixtures follow openapi.yaml', () => {
  it.each(Object.entries(SCHEMA_OF_FIXTURE))('%s', (name, schema) => {
    expect(fixtureExports.has(name)).toBe(true);
    ajv.validate(schema, fixtureExports.get(name));
    expect(ajv.errors ?? []).toEqual([]);
  });

  it('are all listed above', () => {
    expect(Object.keys(SCHEMA_OF_FIXTURE).sort()).toEqual([...fixtureExports.keys()].sort());
  });

  it('a fixture that breaks the contract fails', () => {
    const broken = { ...fixtures.studentAna, studentTwilio: undefined, lastSession: '3' };
    expect(ajv.validate(SCHEMA_OF_FIXTURE.studentAna, broken)).toBe(false);
  });
});

// ------------------------------------------------------------- every scenario vs the contract

/** The reads of every screen, for the db of a scenario: each answer must follow the contract. */
function readsOf(seed: MockDbSeed): Sample[] {
  const db = createMockDb(seed);
  const students = db.tutor?.correspondents ?? [];
  const callable = (name: string, data: unknown): Sample => ({
    method: 'post',
    path: `/functions/${name}`,
    body: { data },
    status: 200,
  });
  return [
    { method: 'get', path: '/tutor', status: db.tutor ? 200 : 404 },
    { method: 'get', path: '/tutor/notification-settings', status: db.tutor ? 200 : 404 },
    { method: 'get', path: '/integration/v1/students', status: 200 },
    { method: 'get', path: '/portal-announcement', status: 200 },
    { method: 'get', path: '/action-item', status: 200 },
    {
      method: 'post',
      path: '/onboarding-tutor',
      body: { email: db.applicant?.email ?? 'nobody@example.com' },
      status: db.applicant ? 200 : 404,
    },
    { ...callable('getOnboardingTutor', null), status: db.applicant ? 200 : 404 },
    ...students.flatMap((student): Sample[] => [
      { method: 'post', path: '/tutor/messages', body: { studentId: student.id }, status: 200 },
      callable('getStudentPathway', { studentId: student.id }),
      callable('launchLearningPortalForStudent', { studentId: student.id }),
      ...(db.conversations[student.id] ?? []).flatMap((message) =>
        (message.media ?? []).map(
          (media): Sample => ({
            method: 'get',
            path: '/tutor/media/{mediaId}',
            url: `/tutor/media/${media.id}`,
            status: 200,
          }),
        ),
      ),
    ]),
  ] satisfies Sample[];
}

describe('every scenario answers as openapi.yaml says', () => {
  it.each(Object.entries(fixtures.scenarios))('%s', async (_name, seed) => {
    const handlers = createHandlers({ db: createMockDb(seed), baseUrl: BASE_URL });
    for (const sample of readsOf(seed)) await expectContractAnswer(handlers, sample);
  });

  it.each(Object.entries(fixtures.learningHubScenarios))('learning hub: %s', async (name, hub) => {
    const handlers = createHandlers({ db: createMockDb(hub.seed), baseUrl: BASE_URL });
    await expectContractAnswer(handlers, {
      method: 'post',
      path: '/functions/getStudentPathway',
      body: { data: { studentId: hub.studentId } },
      status: name === 'notTheTutorsStudent' ? 404 : 200,
    });
  });
});
