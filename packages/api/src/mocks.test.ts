import { readFile } from 'node:fs/promises';
import { getResponse, type RequestHandler } from 'msw';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { parse } from 'yaml';
import { createActionItemsHandlers } from './mocks/action-items';
import { createAnnouncementsHandlers } from './mocks/announcements';
import {
  type ErrorStatus,
  HTTP_STATUS_OF_ERROR,
  type MockBehaviours,
  type MockOperation,
} from './mocks/contract';
import { createMockDb } from './mocks/db';
import {
  fixtureNow,
  learningPathwayAna,
  onboardingTutorSam,
  portalAnnouncements,
  scenarios,
  studentAna,
  studentSpanishAtTenDays,
  tutorJordan,
  tutorMaya,
  tutorWithTwelveStudents,
} from './mocks/fixtures';
import { createHandlers } from './mocks/handlers';
import { createMessagesHandlers } from './mocks/messages';
import { createTutorHandlers } from './mocks/tutor';
import type { MockDbSeed } from './mocks/types';

const BASE_URL = 'http://mock.test/api';

async function call(
  handlers: RequestHandler[],
  operation: MockOperation,
  body?: unknown,
): Promise<Response> {
  const [method, path] = operation.split(' ') as [string, string];
  const response = await getResponse(
    handlers,
    new Request(`${BASE_URL}${path}`, {
      method,
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer demo' },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
  if (!response) throw new Error(`${operation} was not handled`);
  return response;
}

// biome-ignore lint/suspicious/noExplicitAny: test answers are read loosely
const json = (response: Response): Promise<any> => response.json();

/** The handlers' answer to a request built by hand (headers, a path with a parameter). */
async function answer(handlers: RequestHandler[], request: Request): Promise<Response> {
  const response = await getResponse(handlers, request);
  if (!response) throw new Error(`${request.method} ${request.url} was not handled`);
  return response;
}

const ALL_OPERATIONS = [
  'GET /healthz',
  'GET /readyz',
  'POST /client-reports',
  'POST /integration/v1/tutors',
  'POST /integration/v1/students',
  'GET /integration/v1/students',
  'POST /integration/v1/applicants',
  'GET /integration/v1/applicants',
  'POST /integration/v1/sessions',
  'POST /integration/v1/portal-announcements',
  'POST /integration/v1/weekly-announcements',
  'POST /integration/v1/action-items',
  'POST /integration/v1/pathways',
  'POST /integration/v1/archive',
  'GET /integration/v1/messages',
  'GET /integration/v1/audit',
  'POST /onboarding-tutor',
  'GET /tutor',
  'POST /tutor/messages',
  'POST /tutor/send-message',
  'POST /tutor/retry-message',
  'POST /tutor/send-message-as-written',
  'POST /tutor/send-scheduled-message-now',
  'POST /tutor/cancel-scheduled-message',
  'GET /tutor/notification-settings',
  'PUT /tutor/notification-settings',
  'POST /tutor/notification-settings/phone',
  'POST /tutor/notification-settings/phone/verify',
  'GET /notifications/unsubscribe',
  'POST /notifications/unsubscribe',
  'POST /tutor/mark-announcement-read',
  'POST /tutor/mark-messages-read',
  'GET /tutor/media/{mediaId}',
  'GET /portal-announcement',
  'POST /portal-announcement/status',
  'GET /action-item',
  'POST /action-item/complete',
  'POST /functions/getCustomAuthToken',
  'POST /functions/sendEmailSignInLink',
  'POST /functions/createNewOnboardingUser',
  'POST /functions/launchLearningPortalForStudent',
  'POST /functions/setLatestViewedAnnouncement',
  'POST /functions/getOnboardingTutor',
  'POST /functions/getStudentPathway',
  'POST /functions/updateLessonCompletionStatus',
  'POST /functions/addEventAttendee',
] as const;

describe('MockOperation', () => {
  it('spells every operation of openapi.yaml as "<METHOD> <path>"', async () => {
    expectTypeOf<MockOperation>().toEqualTypeOf<(typeof ALL_OPERATIONS)[number]>();
    const contract = parse(
      await readFile(new URL('../../../openapi.yaml', import.meta.url), 'utf8'),
    ) as { paths: Record<string, Record<string, unknown>> };
    // Not the providers' webhooks nor the development-only routes (NotForThePortal).
    const inContract = Object.entries(contract.paths)
      .filter(([path]) => !/^\/(webhooks|dev)\//.test(path))
      .flatMap(([path, item]) =>
        Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
      );
    expect([...ALL_OPERATIONS].sort()).toEqual(inContract.sort());
  });
});

describe('createMockDb', () => {
  it('holds the default fixtures: Maya Chen, Sam Rivera, the fixed clock', () => {
    const db = createMockDb();
    expect(db.tutor).toEqual(tutorMaya);
    expect(db.applicant).toEqual(onboardingTutorSam);
    expect(db.latestViewedAnnouncement).toEqual(tutorMaya.latestViewedAnnouncement);
    expect(db.portalAnnouncements).toEqual(portalAnnouncements);
    expect(db.now).toBe(fixtureNow);
    expect(db.deliveryStatus).toBe('queued');
    expect(db.sentSignInLinks).toEqual([]);
  });

  it('lays a seed over the defaults key by key: null counts, undefined does not', () => {
    const db = createMockDb({ tutor: null, applicant: undefined, actionItems: [] });
    expect(db.tutor).toBeNull();
    expect(db.latestViewedAnnouncement).toBeNull();
    expect(db.applicant).toEqual(onboardingTutorSam);
    expect(db.actionItems).toEqual([]);
    expect(db.portalAnnouncements).toHaveLength(3);
  });

  it('takes the latest viewed announcement from the seeded tutor unless the seed gives one', () => {
    expect(createMockDb({ tutor: tutorJordan }).latestViewedAnnouncement).toBeNull();
    const viewed = { id: 'wa-2026-11-16', date: '2026-11-16T15:00:00.000Z' };
    expect(createMockDb({ latestViewedAnnouncement: viewed }).latestViewedAnnouncement).toEqual(
      viewed,
    );
  });

  it('shares no object with another db, the seed or the fixtures', () => {
    const seed = { tutor: tutorWithTwelveStudents };
    const one = createMockDb(seed);
    const two = createMockDb(seed);
    const student = one.tutor?.correspondents[0];
    if (!student) throw new Error('no student');
    student.First_Name = 'Changed';
    one.conversations['stu-ana']?.splice(0);
    const pathway = one.pathways['stu-ana'];
    if (!pathway) throw new Error('no pathway');
    pathway.completed_lessons['les-406'] = true;
    expect(two.tutor?.correspondents[0]?.First_Name).toBe('María Guadalupe');
    expect(seed.tutor.correspondents[0]?.First_Name).toBe('María Guadalupe');
    expect(two.conversations['stu-ana']?.length).toBeGreaterThan(0);
    expect(learningPathwayAna.completed_lessons).toEqual({ 'les-401': true, 'les-402': true });
  });
});

describe('one db behind every handler', () => {
  it('marks an announcement read, and the list shows it read, stamped with the db clock', async () => {
    const db = createMockDb();
    const handlers = createHandlers({ db, baseUrl: BASE_URL });
    const read = await call(handlers, 'POST /portal-announcement/status', {
      announcementId: 'pa-003',
    });
    expect(await json(read)).toEqual({ announcementId: 'pa-003', readAt: fixtureNow });
    const list = await json(await call(handlers, 'GET /portal-announcement'));
    expect(list.readAnnouncementIds).toEqual(['pa-001', 'pa-003']);
    expect(db.readAnnouncementIds).toEqual(['pa-001', 'pa-003']);
  });

  it('completes an action item, and the list shows it completed', async () => {
    const db = createMockDb();
    const handlers = createHandlers({ db, baseUrl: BASE_URL });
    expect((await call(handlers, 'POST /action-item/complete', { itemId: 'ai-104' })).status).toBe(
      200,
    );
    const items = await json(await call(handlers, 'GET /action-item'));
    expect(items.find((i: { Action_Item_ID: string }) => i.Action_Item_ID === 'ai-104')).toEqual(
      expect.objectContaining({ Completed: true }),
    );
  });

  it("sends a text: the conversation has it, dated now, and it is the student's last message", async () => {
    const db = createMockDb();
    const handlers = createHandlers({ db, baseUrl: BASE_URL });
    const sent = await call(handlers, 'POST /tutor/send-message', {
      studentId: 'stu-ana',
      message: '  ¡Hasta el martes!  ',
    });
    expect(sent.status).toBe(201);
    expect(await json(sent)).toEqual({
      message: {
        id: 'msg-sent-1',
        body: '¡Hasta el martes!',
        isFromTutor: 'Yes',
        dateSent: fixtureNow,
        messageType: 'activity',
        deliveryStatus: 'queued',
      },
      deliveryStatus: 'queued',
    });
    const chat = await json(await call(handlers, 'POST /tutor/messages', { studentId: 'stu-ana' }));
    expect(chat.messages.at(-1).body).toBe('¡Hasta el martes!');
    expect(chat.student).toEqual(
      expect.objectContaining({ Last_Message: '¡Hasta el martes!', Last_Message_By: 'Tutor' }),
    );
    const tutor = await json(await call(handlers, 'GET /tutor'));
    expect(tutor.correspondents[0]).toEqual(
      expect.objectContaining({ id: 'stu-ana', Last_Message: '¡Hasta el martes!' }),
    );
  });

  it('retries an undelivered text once: a second retry sends nothing and answers it as it stands', async () => {
    const db = createMockDb({ deliveryStatus: 'sent' });
    const handlers = createHandlers({ db, baseUrl: BASE_URL });
    await call(handlers, 'POST /tutor/send-message', { studentId: 'stu-ana', message: 'Hola' });
    const sent = db.conversations['stu-ana']?.at(-1);
    if (!sent) throw new Error('the text was not stored');
    sent.deliveryStatus = 'undelivered';
    const retry = () => call(handlers, 'POST /tutor/retry-message', { messageId: sent.id });
    const first = await retry();
    expect(first.status).toBe(200);
    expect(await json(first)).toEqual(
      expect.objectContaining({
        deliveryStatus: 'sent',
        message: expect.objectContaining({ id: sent.id }),
      }),
    );
    db.deliveryStatus = 'failed';
    // Already sent again: nothing to retry, so the provider (now refusing) is not asked.
    expect((await retry()).status).toBe(200);
    expect(db.sentMessageCount).toBe(1);
    expect(
      (await call(handlers, 'POST /tutor/retry-message', { messageId: 'msg-nope' })).status,
    ).toBe(404);
  });

  it("translates a text to a translated family: the body is the tutor's, the translation the family's", async () => {
    const db = createMockDb(scenarios.familyTranslated);
    const handlers = createHandlers({ db, baseUrl: BASE_URL });
    const sent = await call(handlers, 'POST /tutor/send-message', {
      studentId: studentSpanishAtTenDays.id,
      message: 'See you Monday at 4!',
    });
    expect(sent.status).toBe(201);
    expect(await json(sent)).toEqual({
      message: expect.objectContaining({
        body: 'See you Monday at 4!',
        deliveryStatus: 'queued',
        translation: {
          languageName: 'Spanish',
          languageCode: 'es',
          text: '¡Nos vemos el lunes a las 4!',
        },
      }),
      deliveryStatus: 'queued',
    });
    // Ana's family reads Spanish too, but this server does not translate for them.
    const asWritten = await call(handlers, 'POST /tutor/send-message', {
      studentId: 'stu-ana',
      message: 'See you Monday at 4!',
    });
    expect((await json(asWritten)).message.translation).toBeUndefined();
  });

  it('keeps a text that cannot be translated unsent; Retry translates it, Send as written sends it as written', async () => {
    const db = createMockDb({ ...scenarios.familyTranslated, ...scenarios.translationFails });
    const handlers = createHandlers({ db, baseUrl: BASE_URL });
    const send = (message: string) =>
      call(handlers, 'POST /tutor/send-message', {
        studentId: studentSpanishAtTenDays.id,
        message,
      });
    const first = await send('See you Monday at 4!');
    expect(first.status).toBe(201);
    const untranslated = await json(first);
    expect(untranslated.deliveryStatus).toBe('untranslated');
    expect(untranslated.message.translation).toBeUndefined();
    expect(db.conversations[studentSpanishAtTenDays.id]?.at(-1)?.deliveryStatus).toBe(
      'untranslated',
    );

    // Still failing: the retry answers 200 and the text stays untranslated.
    const retry = (messageId: string) => call(handlers, 'POST /tutor/retry-message', { messageId });
    const again = await retry(untranslated.message.id);
    expect(again.status).toBe(200);
    expect((await json(again)).deliveryStatus).toBe('untranslated');

    // The provider is back: the retry translates and sends it.
    db.translationFails = false;
    const translated = await json(await retry(untranslated.message.id));
    expect(translated.deliveryStatus).toBe('queued');
    expect(translated.message.translation.text).toBe('¡Nos vemos el lunes a las 4!');

    // Send as written: once, in the tutor's words; a second press answers it as it stands.
    db.translationFails = true;
    const other = (await json(await send('Carla did great today.'))).message;
    const asWritten = () =>
      call(handlers, 'POST /tutor/send-message-as-written', { messageId: other.id });
    const sentAsWritten = await asWritten();
    expect(sentAsWritten.status).toBe(200);
    expect(await json(sentAsWritten)).toEqual({
      message: expect.objectContaining({ id: other.id, body: 'Carla did great today.' }),
      deliveryStatus: 'queued',
    });
    db.deliveryStatus = 'failed';
    expect((await asWritten()).status).toBe(200);
    expect(
      (await call(handlers, 'POST /tutor/send-message-as-written', { messageId: 'msg-nope' }))
        .status,
    ).toBe(404);
  });

  it('answers Send as written with 503 when the provider refuses it, and the text is failed', async () => {
    const db = createMockDb({
      ...scenarios.familyTranslated,
      ...scenarios.translationFails,
    });
    const handlers = createHandlers({ db, baseUrl: BASE_URL });
    const { message } = await json(
      await call(handlers, 'POST /tutor/send-message', {
        studentId: studentSpanishAtTenDays.id,
        message: 'Hola',
      }),
    );
    db.deliveryStatus = 'failed';
    const refused = await call(handlers, 'POST /tutor/send-message-as-written', {
      messageId: message.id,
    });
    expect(refused.status).toBe(503);
    expect((await json(refused)).error.details).toEqual({
      messageId: message.id,
      deliveryStatus: 'failed',
    });
    expect(db.conversations[studentSpanishAtTenDays.id]?.at(-1)?.deliveryStatus).toBe('failed');
  });

  it('completes a lesson, and the pathway shows it completed', async () => {
    const handlers = createHandlers({ baseUrl: BASE_URL });
    const done = await call(handlers, 'POST /functions/updateLessonCompletionStatus', {
      data: { studentId: 'stu-ana', lessonId: 'les-403' },
    });
    expect(done.status).toBe(200);
    const pathway = await json(
      await call(handlers, 'POST /functions/getStudentPathway', { data: { studentId: 'stu-ana' } }),
    );
    expect(pathway.result.completed_lessons).toEqual({
      'les-401': true,
      'les-402': true,
      'les-403': true,
    });
  });

  it('records the new announcement as seen: GET /tutor loses the flag and has the latest viewed', async () => {
    const db = createMockDb();
    const handlers = createHandlers({ db, baseUrl: BASE_URL });
    expect((await call(handlers, 'POST /tutor/mark-announcement-read')).status).toBe(204);
    const viewed = { id: 'wa-2026-11-16', date: '2026-11-16T15:00:00.000Z' };
    await call(handlers, 'POST /functions/setLatestViewedAnnouncement', { data: viewed });
    const tutor = await json(await call(handlers, 'GET /tutor'));
    expect(tutor.hasNewAnnouncement).toBe(false);
    expect(tutor.latestViewedAnnouncement).toEqual(viewed);
    expect(db.latestViewedAnnouncement).toEqual(viewed);
    // An older one does not replace it.
    await call(handlers, 'POST /functions/setLatestViewedAnnouncement', {
      data: { id: 'wa-2026-11-09', date: '2026-11-09T15:00:00.000Z' },
    });
    expect(db.latestViewedAnnouncement).toEqual(viewed);
  });

  it('records the sign-in links asked for and the training registrations', async () => {
    const db = createMockDb();
    const handlers = createHandlers({ db, baseUrl: BASE_URL });
    await call(handlers, 'POST /functions/sendEmailSignInLink', {
      data: { email: 'sam.rivera@example.com', returnUrl: '/onboarding/waiver' },
    });
    expect(db.sentSignInLinks).toEqual([
      { email: 'sam.rivera@example.com', returnUrl: '/onboarding/waiver' },
    ]);
    const register = () =>
      call(handlers, 'POST /functions/addEventAttendee', {
        data: { eventId: 'evt-live-training-2026-12-05' },
      }).then(json);
    expect((await register()).result.alreadyRegistered).toBe(false);
    expect((await register()).result.alreadyRegistered).toBe(true);
    expect(db.registrations).toEqual([
      { eventId: 'evt-live-training-2026-12-05', email: 'sam.rivera@example.com' },
    ]);
  });

  it("accepts the db tutor's correspondents, and only them, for messages, pathways and launches", async () => {
    const db = createMockDb({ tutor: tutorWithTwelveStudents });
    const handlers = createHandlers({ db, baseUrl: BASE_URL });
    const maria = { studentId: 'stu-maria' };
    expect((await call(handlers, 'POST /tutor/messages', maria)).status).toBe(200);
    expect((await call(handlers, 'POST /tutor/messages', { studentId: 'stu-ana' })).status).toBe(
      404,
    );
    expect(
      (await call(handlers, 'POST /functions/getStudentPathway', { data: maria })).status,
    ).toBe(200);
    expect(
      (
        await call(handlers, 'POST /functions/getStudentPathway', {
          data: { studentId: 'stu-ana' },
        })
      ).status,
    ).toBe(404);
    expect(
      (await call(handlers, 'POST /functions/launchLearningPortalForStudent', { data: maria }))
        .status,
    ).toBe(200);

    // The db is read on every call: a tutor changed between calls is the one that counts.
    db.tutor = structuredClone(tutorMaya);
    expect((await call(handlers, 'POST /tutor/messages', maria)).status).toBe(404);
    expect((await call(handlers, 'POST /tutor/messages', { studentId: 'stu-ana' })).status).toBe(
      200,
    );
  });

  it('is shared by domain factories given the same db', async () => {
    const db = createMockDb();
    const options = { db, baseUrl: BASE_URL };
    const handlers = [
      ...createTutorHandlers(options),
      ...createMessagesHandlers(options),
      ...createAnnouncementsHandlers(options),
      ...createActionItemsHandlers(options),
    ];
    await call(handlers, 'POST /tutor/send-message', { studentId: 'stu-liam', message: 'Hi!' });
    await call(handlers, 'POST /tutor/mark-announcement-read');
    const tutor = await json(await call(handlers, 'GET /tutor'));
    expect(tutor.hasNewAnnouncement).toBe(false);
    expect(tutor.correspondents[1].Last_Message).toBe('Hi!');
  });

  it('gives separate handler sets without a db separate state', async () => {
    const one = createHandlers({ baseUrl: BASE_URL });
    const two = createHandlers({ baseUrl: BASE_URL });
    await call(one, 'POST /portal-announcement/status', { announcementId: 'pa-003' });
    expect((await json(await call(two, 'GET /portal-announcement'))).readAnnouncementIds).toEqual([
      'pa-001',
    ]);
  });

  it('answers GET /tutor with 404 when the db has no tutor', async () => {
    const handlers = createHandlers({ db: createMockDb({ tutor: null }), baseUrl: BASE_URL });
    const response = await call(handlers, 'GET /tutor');
    expect(response.status).toBe(404);
    expect(await json(response)).toEqual({
      error: { status: 'NOT_FOUND', message: 'We cannot find your account in our system.' },
    });
  });

  it('stamps with the real clock when db.now is null', async () => {
    const handlers = createHandlers({ db: createMockDb({ now: null }), baseUrl: BASE_URL });
    const before = Date.now();
    const sent = await json(
      await call(handlers, 'POST /tutor/send-message', { studentId: 'stu-ana', message: 'Hi' }),
    );
    expect(Date.parse(sent.message.dateSent)).toBeGreaterThanOrEqual(before - 1000);
  });

  it('answers 503 for texts the SMS provider refuses, and keeps them out of the conversation', async () => {
    const db = createMockDb({ deliveryStatus: 'failed' });
    const handlers = createHandlers({ db, baseUrl: BASE_URL });
    const length = db.conversations['stu-ana']?.length;
    const response = await call(handlers, 'POST /tutor/send-message', {
      studentId: 'stu-ana',
      message: 'Hola',
    });
    expect(response.status).toBe(503);
    expect(await json(response)).toEqual({
      error: {
        status: 'UNAVAILABLE',
        message: 'The text could not be sent. Please try again in a moment.',
        details: { messageId: 'msg-sent-1', deliveryStatus: 'failed' },
      },
    });
    expect(db.conversations['stu-ana']).toHaveLength(length ?? -1);
    expect(db.tutor?.correspondents[0]?.Last_Message).toBe(studentAna.Last_Message);
  });
});

/** GET /tutor's answer (or a header of it) for the db behind these handlers. */
async function tutorAnswer(handlers: RequestHandler[]) {
  const response = await call(handlers, 'GET /tutor');
  expect(response.status).toBe(200);
  const tutor = await json(response);
  // biome-ignore lint/suspicious/noExplicitAny: test answers are read loosely
  const student = (id: string): any =>
    tutor.correspondents.find((s: { id: string }) => s.id === id);
  return { tutor, student, etag: response.headers.get('etag') };
}

/** GET /tutor with If-None-Match. */
function getTutorIfNoneMatch(handlers: RequestHandler[], etag: string) {
  return answer(handlers, new Request(`${BASE_URL}/tutor`, { headers: { 'If-None-Match': etag } }));
}

describe('the inbox on GET /tutor and in the chat', () => {
  it("gives every student the unread count, the last message's preview and what needs attention", async () => {
    const { tutor, student } = await tutorAnswer(createHandlers({ baseUrl: BASE_URL }));
    for (const correspondent of tutor.correspondents) {
      expect(correspondent).toHaveProperty('unreadCount');
      expect(correspondent).toHaveProperty('lastMessage');
      expect(correspondent).toHaveProperty('needsAttention');
    }
    // Lucía replied this morning, after Maya last read Ana's chat.
    expect(student('stu-ana')).toEqual(
      expect.objectContaining({
        unreadCount: 1,
        lastMessage: {
          id: 'msg-ana-7',
          from: 'family',
          text: '¡Gracias! Ana estará lista a las 4.',
          sentAt: '2026-11-20T15:20:00.000Z',
          hasPhoto: false,
        },
        needsAttention: null,
      }),
    );
    expect(student('stu-liam')).toEqual(expect.objectContaining({ unreadCount: 0 }));
    expect(student('stu-mia')).toEqual(
      expect.objectContaining({ unreadCount: 0, lastMessage: null, needsAttention: null }),
    );
  });

  it('computes them from the db on every call, not from what the student record says', async () => {
    const db = createMockDb();
    const handlers = createHandlers({ db, baseUrl: BASE_URL });
    const ana = db.tutor?.correspondents[0];
    if (!ana) throw new Error('no student');
    ana.unreadCount = 40;
    ana.lastMessage = null;
    db.conversations['stu-ana']?.push({
      id: 'msg-ana-new',
      body: '¿Y el lunes?',
      isFromTutor: 'No',
      dateSent: fixtureNow,
      messageType: 'activity',
    });
    const { student } = await tutorAnswer(handlers);
    expect(student('stu-ana')).toEqual(
      expect.objectContaining({
        unreadCount: 2,
        Last_Message: '¿Y el lunes?',
        Last_Message_By: 'Guardian',
        lastMessage: expect.objectContaining({ id: 'msg-ana-new', text: '¿Y el lunes?' }),
      }),
    );
    const chat = await json(await call(handlers, 'POST /tutor/messages', { studentId: 'stu-ana' }));
    expect(chat.student).toEqual(expect.objectContaining({ unreadCount: 2 }));
  });

  it('makes a fresh db whose students carry what its conversations decide, whatever the seed says', () => {
    const stale = { ...studentAna, unreadCount: 9, needsAttention: null };
    const db = createMockDb({
      ...scenarios.textsNotDeliveredUnreachable,
      tutor: { ...tutorMaya, correspondents: [stale] },
    });
    expect(db.tutor?.correspondents[0]).toEqual(
      expect.objectContaining({
        unreadCount: 0,
        needsAttention: expect.objectContaining({ reason: 'notDelivered', count: 2 }),
      }),
    );
  });

  it("previews a translated reply in English, the tutor's text with its status, the team's note", async () => {
    const translated = await tutorAnswer(
      createHandlers({ db: createMockDb(scenarios.familyTranslated), baseUrl: BASE_URL }),
    );
    expect(translated.student('stu-carla').lastMessage).toEqual(
      expect.objectContaining({
        from: 'family',
        text: 'Thank you, Maya! She told us the whole story.',
      }),
    );
    const daniel = await tutorAnswer(
      createHandlers({ db: createMockDb(scenarios.tutorWithTwelveStudents), baseUrl: BASE_URL }),
    );
    expect(daniel.student('stu-maria').lastMessage).toEqual(
      expect.objectContaining({
        from: 'tutor',
        text: 'Great session today! María Guadalupe read a whole chapter aloud.',
        deliveryStatus: 'delivered',
      }),
    );
    expect(daniel.student('stu-kwame').lastMessage).toEqual(
      expect.objectContaining({ from: 'team' }),
    );
    expect(daniel.student('stu-kwame').lastMessage).not.toHaveProperty('deliveryStatus');
  });

  it('says which texts need the tutor: not delivered (with the reason) or not sent', async () => {
    const answer = async (seed: MockDbSeed) =>
      tutorAnswer(createHandlers({ db: createMockDb(seed), baseUrl: BASE_URL }));
    expect(
      (await answer(scenarios.textNotDeliveredAsSpam)).student('stu-liam').needsAttention,
    ).toEqual({
      reason: 'notDelivered',
      count: 1,
      messageId: 'msg-liam-43',
      failure: { code: '30007', reason: 'the carrier blocked it as spam' },
    });
    expect(
      (await answer(scenarios.textsNotDeliveredUnreachable)).student('stu-ana').needsAttention,
    ).toEqual({
      reason: 'notDelivered',
      count: 2,
      messageId: 'msg-ana-9',
      failure: { code: '30003', reason: 'the phone was unreachable' },
    });
    expect(
      (await answer(scenarios.textNotSentUntranslated)).student('stu-carla').needsAttention,
    ).toEqual({ reason: 'notSent', count: 1, messageId: 'msg-carla-6' });
  });

  it('follows a text that fails and is retried: attention while it is not delivered, none after', async () => {
    const db = createMockDb({ deliveryStatus: 'undelivered' });
    const handlers = createHandlers({ db, baseUrl: BASE_URL });
    const sent = await json(
      await call(handlers, 'POST /tutor/send-message', { studentId: 'stu-mia', message: 'Hi!' }),
    );
    expect((await tutorAnswer(handlers)).student('stu-mia').needsAttention).toEqual(
      expect.objectContaining({ reason: 'notDelivered', messageId: sent.message.id }),
    );
    db.deliveryStatus = 'sent';
    await call(handlers, 'POST /tutor/retry-message', { messageId: sent.message.id });
    expect((await tutorAnswer(handlers)).student('stu-mia').needsAttention).toBeNull();
  });
});

describe('markTutorMessagesRead', () => {
  const mark = (handlers: RequestHandler[], studentId: string, messageId: string) =>
    call(handlers, 'POST /tutor/mark-messages-read', { studentId, messageId });

  it('moves the read mark forward and answers the unread count after it', async () => {
    const db = createMockDb(scenarios.unreadReplies);
    const handlers = createHandlers({ db, baseUrl: BASE_URL });
    expect((await tutorAnswer(handlers)).student('stu-liam').unreadCount).toBe(2);
    const first = await mark(handlers, 'stu-liam', 'msg-liam-43');
    expect(first.status).toBe(200);
    expect(await json(first)).toEqual({ unreadCount: 1 });
    expect(await json(await mark(handlers, 'stu-liam', 'msg-liam-44'))).toEqual({ unreadCount: 0 });
    expect(db.readMarks['stu-liam']).toBe('msg-liam-44');
    const { student } = await tutorAnswer(handlers);
    expect(student('stu-liam').unreadCount).toBe(0);
    expect(student('stu-ana').unreadCount).toBe(1);
  });

  it('never moves it back, and marking the same message again changes nothing', async () => {
    const db = createMockDb(scenarios.unreadReplies);
    const handlers = createHandlers({ db, baseUrl: BASE_URL });
    await mark(handlers, 'stu-liam', 'msg-liam-44');
    expect(await json(await mark(handlers, 'stu-liam', 'msg-liam-2'))).toEqual({ unreadCount: 0 });
    expect(await json(await mark(handlers, 'stu-liam', 'msg-liam-44'))).toEqual({ unreadCount: 0 });
    expect(db.readMarks['stu-liam']).toBe('msg-liam-44');
  });

  it("answers 404 for a student not the tutor's or a message not in that conversation, 400 without ids", async () => {
    const db = createMockDb();
    const handlers = createHandlers({ db, baseUrl: BASE_URL });
    const before = structuredClone(db.readMarks);
    expect((await mark(handlers, 'stu-noah', 'msg-noah-1')).status).toBe(404);
    expect((await mark(handlers, 'stu-ana', 'msg-liam-42')).status).toBe(404);
    expect((await mark(handlers, 'stu-ana', 'msg-nope')).status).toBe(404);
    const bad = await call(handlers, 'POST /tutor/mark-messages-read', { studentId: 'stu-ana' });
    expect(bad.status).toBe(400);
    expect((await json(bad)).error.status).toBe('INVALID_ARGUMENT');
    expect(db.readMarks).toEqual(before);
  });

  it("changes the chat poll's tag once, not on every poll (no loop)", async () => {
    const handlers = createHandlers({ baseUrl: BASE_URL });
    const poll = (etag = '') =>
      answer(
        handlers,
        new Request(`${BASE_URL}/tutor/messages`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'If-None-Match': etag },
          body: JSON.stringify({ studentId: 'stu-ana' }),
        }),
      );
    const before = (await poll()).headers.get('etag') ?? '';
    await mark(handlers, 'stu-ana', 'msg-ana-7');
    const after = await poll(before);
    expect(after.status).toBe(200);
    expect((await after.json()).student.unreadCount).toBe(0);
    const tag = after.headers.get('etag') ?? '';
    expect(tag).not.toBe(before);
    await mark(handlers, 'stu-ana', 'msg-ana-7');
    expect((await poll(tag)).status).toBe(304);
  });
});

describe('GET /tutor is conditional', () => {
  it('carries an ETag, and answers 304 with no body while nothing it shows has changed', async () => {
    const handlers = createHandlers({ baseUrl: BASE_URL });
    const { etag } = await tutorAnswer(handlers);
    expect(etag).toMatch(/^"[^"]+"$/);
    const again = await getTutorIfNoneMatch(handlers, etag ?? '');
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    expect(await again.text()).toBe('');
    expect((await getTutorIfNoneMatch(handlers, '"stale"')).status).toBe(200);
  });

  it.each<[string, (handlers: RequestHandler[], db: ReturnType<typeof createMockDb>) => unknown]>([
    [
      'a reply arrives',
      (_, db) => {
        db.conversations['stu-liam']?.push({
          id: 'msg-liam-new',
          body: 'Thanks!',
          isFromTutor: 'No',
          dateSent: fixtureNow,
          messageType: 'activity',
        });
      },
    ],
    [
      'a text is sent',
      (handlers) =>
        call(handlers, 'POST /tutor/send-message', { studentId: 'stu-mia', message: 'Hi!' }),
    ],
    [
      'a chat is read',
      (handlers) =>
        call(handlers, 'POST /tutor/mark-messages-read', {
          studentId: 'stu-ana',
          messageId: 'msg-ana-7',
        }),
    ],
    [
      'the weekly announcement is seen',
      (handlers) => call(handlers, 'POST /tutor/mark-announcement-read'),
    ],
  ])('answers 200 with a new tag after %s', async (_change, change) => {
    const db = createMockDb();
    const handlers = createHandlers({ db, baseUrl: BASE_URL });
    const { etag } = await tutorAnswer(handlers);
    await change(handlers, db);
    const after = await getTutorIfNoneMatch(handlers, etag ?? '');
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(etag);
  });
});

describe("the tutor's texts: failure and sent as written", () => {
  it('gives an undelivered or failed text the failure of its code, in plain words', async () => {
    const db = createMockDb({ deliveryStatus: 'undelivered' });
    const handlers = createHandlers({ db, baseUrl: BASE_URL });
    const send = async () =>
      (
        await json(
          await call(handlers, 'POST /tutor/send-message', {
            studentId: 'stu-ana',
            message: 'Hola',
          }),
        )
      ).message;
    expect((await send()).failure).toEqual({ code: '30003', reason: 'the phone was unreachable' });
    db.failureCodes = { undelivered: '21610' };
    expect((await send()).failure).toEqual({
      code: '21610',
      reason: 'the family has opted out of texts',
    });
    db.failureCodes = {};
    expect(await send()).not.toHaveProperty('failure');
    db.deliveryStatus = 'queued';
    expect(await send()).not.toHaveProperty('failure');
  });

  it('drops the failure when a retry gets the text out, and sets it when the provider refuses', async () => {
    const db = createMockDb(scenarios.textNotDeliveredAsSpam);
    const handlers = createHandlers({ db, baseUrl: BASE_URL });
    const retry = () => call(handlers, 'POST /tutor/retry-message', { messageId: 'msg-liam-43' });
    db.failureCodes = { failed: '21614' };
    db.deliveryStatus = 'failed';
    const refused = await retry();
    expect(refused.status).toBe(503);
    expect(db.conversations['stu-liam']?.at(-1)?.failure).toEqual({
      code: '21614',
      reason: 'it is not a mobile number',
    });
    db.deliveryStatus = 'sent';
    const sent = await json(await retry());
    expect(sent.deliveryStatus).toBe('sent');
    expect(sent.message).not.toHaveProperty('failure');
  });

  it('marks a text sent with Send as written, and only that one', async () => {
    const db = createMockDb({ ...scenarios.familyTranslated, ...scenarios.translationFails });
    const handlers = createHandlers({ db, baseUrl: BASE_URL });
    const send = async (message: string) =>
      (
        await json(
          await call(handlers, 'POST /tutor/send-message', {
            studentId: studentSpanishAtTenDays.id,
            message,
          }),
        )
      ).message;
    const asWritten = await send('See you Monday at 4!');
    const retried = await send('Carla did great today.');
    const answer = await json(
      await call(handlers, 'POST /tutor/send-message-as-written', { messageId: asWritten.id }),
    );
    expect(answer.message).toEqual(
      expect.objectContaining({ sentAsWritten: true, deliveryStatus: 'queued' }),
    );
    expect(answer.message).not.toHaveProperty('translation');
    db.translationFails = false;
    const translated = await json(
      await call(handlers, 'POST /tutor/retry-message', { messageId: retried.id }),
    );
    expect(translated.message).not.toHaveProperty('sentAsWritten');
    const chat = await json(
      await call(handlers, 'POST /tutor/messages', { studentId: studentSpanishAtTenDays.id }),
    );
    expect(chat.messages.filter((m: { sentAsWritten?: boolean }) => m.sentAsWritten)).toHaveLength(
      1,
    );
  });
});

describe('replies in the chat: not translated, and photos', () => {
  it("marks a translated family's reply without English notTranslated, and no other", async () => {
    const handlers = createHandlers({
      db: createMockDb(scenarios.replyNotTranslated),
      baseUrl: BASE_URL,
    });
    const chat = await json(
      await call(handlers, 'POST /tutor/messages', { studentId: studentSpanishAtTenDays.id }),
    );
    const marked = chat.messages.filter((m: { notTranslated?: boolean }) => m.notTranslated);
    expect(marked.map((m: { id: string }) => m.id)).toEqual(['msg-carla-6']);
    const ana = await json(await call(handlers, 'POST /tutor/messages', { studentId: 'stu-ana' }));
    expect(ana.messages.some((m: { notTranslated?: boolean }) => m.notTranslated)).toBe(false);
  });

  it('answers the pictures a family sent, and serves each with its type', async () => {
    const handlers = createHandlers({
      db: createMockDb(scenarios.photoFromFamily),
      baseUrl: BASE_URL,
    });
    const chat = await json(
      await call(handlers, 'POST /tutor/messages', { studentId: 'stu-liam' }),
    );
    const [withWords, alone] = chat.messages.slice(-2);
    expect(withWords.media).toEqual([{ id: 'media-liam-drawing', contentType: 'image/jpeg' }]);
    expect(withWords.body).not.toBe('');
    expect(alone).toEqual(
      expect.objectContaining({
        body: '',
        media: [{ id: 'media-liam-worksheet', contentType: 'image/png' }],
      }),
    );
    const picture = (id: string) => answer(handlers, new Request(`${BASE_URL}/tutor/media/${id}`));
    const png = await picture('media-liam-worksheet');
    expect(png.status).toBe(200);
    expect(png.headers.get('content-type')).toBe('image/png');
    expect(png.headers.get('cache-control')).toBe('private, max-age=86400, immutable');
    const pngBytes = new Uint8Array(await png.arrayBuffer());
    expect([...pngBytes.slice(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(pngBytes.length).toBeLessThan(2048);
    const jpeg = await picture('media-liam-drawing');
    expect(jpeg.headers.get('content-type')).toBe('image/jpeg');
    const jpegBytes = new Uint8Array(await jpeg.arrayBuffer());
    expect([...jpegBytes.slice(0, 2)]).toEqual([0xff, 0xd8]);
    expect((await picture('media-nope')).status).toBe(404);
  });

  it("answers 404 for a picture of another tutor's student", async () => {
    const db = createMockDb(scenarios.photoFromFamily);
    const handlers = createHandlers({ db, baseUrl: BASE_URL });
    db.tutor = structuredClone(tutorJordan);
    const response = await answer(
      handlers,
      new Request(`${BASE_URL}/tutor/media/media-liam-drawing`),
    );
    expect(response.status).toBe(404);
    expect((await response.json()).error.status).toBe('NOT_FOUND');
  });

  it('previews a photo: hasPhoto, and the text empty when it came without words', async () => {
    const handlers = createHandlers({
      db: createMockDb(scenarios.photoFromFamily),
      baseUrl: BASE_URL,
    });
    expect((await tutorAnswer(handlers)).student('stu-liam')).toEqual(
      expect.objectContaining({
        unreadCount: 2,
        lastMessage: expect.objectContaining({ from: 'family', text: '', hasPhoto: true }),
      }),
    );
  });
});

describe('updateLessonCompletionStatus', () => {
  const update = (handlers: RequestHandler[], data: Record<string, unknown>) =>
    call(handlers, 'POST /functions/updateLessonCompletionStatus', {
      data: { studentId: 'stu-ana', ...data },
    });

  it('unmarks a lesson with completed: false, and marks it with true or without', async () => {
    const db = createMockDb();
    const handlers = createHandlers({ db, baseUrl: BASE_URL });
    const unmarked = await json(await update(handlers, { lessonId: 'les-402', completed: false }));
    expect(unmarked.result.completed_lessons).toEqual({ 'les-401': true });
    expect(db.pathways['stu-ana']?.completed_lessons).toEqual({ 'les-401': true });
    // Unmarking one that is not marked changes nothing.
    expect((await update(handlers, { lessonId: 'les-403', completed: false })).status).toBe(200);
    await update(handlers, { lessonId: 'les-402', completed: true });
    const marked = await json(await update(handlers, { lessonId: 'les-403' }));
    expect(marked.result.completed_lessons).toEqual({
      'les-401': true,
      'les-402': true,
      'les-403': true,
    });
  });

  it('answers 400 for a completed that is not true or false', async () => {
    const handlers = createHandlers({ baseUrl: BASE_URL });
    const response = await update(handlers, { lessonId: 'les-402', completed: 'no' });
    expect(response.status).toBe(400);
  });
});

describe('behaviour', () => {
  it.each(ALL_OPERATIONS)(
    'fail: %s answers the error envelope with its HTTP status',
    async (op) => {
      const statuses: ErrorStatus[] = ['INTERNAL', 'UNAVAILABLE', 'PERMISSION_DENIED'];
      for (const status of statuses) {
        const handlers = createHandlers({
          baseUrl: BASE_URL,
          behaviour: { [op]: { fail: { status, message: 'Try again later.', details: { op } } } },
        });
        const response = await call(
          handlers,
          op,
          op.startsWith('GET') ? undefined : { data: null },
        );
        expect(response.status).toBe(HTTP_STATUS_OF_ERROR[status]);
        expect(response.headers.get('content-type')).toMatch(/application\/json/);
        expect(await json(response)).toEqual({
          error: { status, message: 'Try again later.', details: { op } },
        });
      }
    },
  );

  it('fail leaves the db alone and other operations answer normally', async () => {
    const db = createMockDb();
    const handlers = createHandlers({
      db,
      baseUrl: BASE_URL,
      behaviour: {
        'POST /tutor/send-message': { fail: { status: 'UNAVAILABLE', message: 'Not now.' } },
      },
    });
    const before = structuredClone(db);
    const failed = await call(handlers, 'POST /tutor/send-message', {
      studentId: 'stu-ana',
      message: 'Hola',
    });
    expect(failed.status).toBe(503);
    expect(db).toEqual(before);
    expect((await call(handlers, 'GET /tutor')).status).toBe(200);
  });

  it('once: the first send fails, the retry succeeds', async () => {
    const db = createMockDb();
    const handlers = createHandlers({
      db,
      baseUrl: BASE_URL,
      behaviour: {
        'POST /tutor/send-message': {
          fail: { status: 'UNAVAILABLE', message: 'The text could not be sent.' },
          once: true,
        },
      },
    });
    const send = () =>
      call(handlers, 'POST /tutor/send-message', { studentId: 'stu-mia', message: 'Hello!' });
    expect((await send()).status).toBe(503);
    expect((await send()).status).toBe(201);
    expect((await send()).status).toBe(201);
    expect(db.conversations['stu-mia']?.map((m) => m.body)).toEqual(['Hello!', 'Hello!']);
  });

  it('is read on every call: a behaviour set, changed or re-armed later applies', async () => {
    const behaviour: MockBehaviours = {};
    const handlers = createHandlers({ baseUrl: BASE_URL, behaviour });
    expect((await call(handlers, 'GET /action-item')).status).toBe(200);
    behaviour['GET /action-item'] = {
      fail: { status: 'INTERNAL', message: 'Boom.' },
      once: true,
    };
    expect((await call(handlers, 'GET /action-item')).status).toBe(500);
    expect((await call(handlers, 'GET /action-item')).status).toBe(200);
    behaviour['GET /action-item'] = { ...behaviour['GET /action-item'] };
    expect((await call(handlers, 'GET /action-item')).status).toBe(500);
    delete behaviour['GET /action-item'];
    expect((await call(handlers, 'GET /action-item')).status).toBe(200);
  });

  const settlesWithin = (promise: Promise<unknown>, ms: number) =>
    Promise.race([
      promise.then(() => 'answered' as const),
      new Promise<'pending'>((resolve) => setTimeout(() => resolve('pending'), ms)),
    ]);

  it("delay 'infinite' keeps the request pending (the loading state)", async () => {
    const handlers = createHandlers({
      baseUrl: BASE_URL,
      behaviour: { 'GET /tutor': { delay: 'infinite' } },
    });
    expect(await settlesWithin(call(handlers, 'GET /tutor'), 300)).toBe('pending');
    expect(await settlesWithin(call(handlers, 'GET /action-item'), 300)).toBe('answered');
  });

  it("delay 'infinite' with once: only the first call hangs", async () => {
    const handlers = createHandlers({
      baseUrl: BASE_URL,
      behaviour: { 'GET /tutor': { delay: 'infinite', once: true } },
    });
    expect(await settlesWithin(call(handlers, 'GET /tutor'), 200)).toBe('pending');
    expect(await settlesWithin(call(handlers, 'GET /tutor'), 1000)).toBe('answered');
  });

  it('delay in milliseconds answers after that long, then fails if told to', async () => {
    const handlers = createHandlers({
      baseUrl: BASE_URL,
      behaviour: {
        'POST /tutor/messages': {
          delay: 150,
          fail: { status: 'DEADLINE_EXCEEDED', message: 'Too slow.' },
        },
      },
    });
    const started = performance.now();
    const response = await call(handlers, 'POST /tutor/messages', { studentId: 'stu-ana' });
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
    expect(response.status).toBe(504);
  });
});

// ---------------------------------------------------------------------------------- issue 35

/** The body of PUT /tutor/notification-settings. */
const settingsUpdate = (
  channel: string,
  timeZone = 'America/Chicago',
  quietHours: unknown = null,
) => ({
  channel,
  quietHours,
  timeZone,
});

describe("the family's opt-out and HELP", () => {
  it('answers textOptOut and helpRequestedAt on every student: null by default', async () => {
    const handlers = createHandlers({ baseUrl: BASE_URL });
    const tutor = await json(await call(handlers, 'GET /tutor'));
    for (const student of tutor.correspondents) {
      expect(student.textOptOut).toBeNull();
      expect(student.helpRequestedAt).toBeNull();
    }
  });

  it("says a family that replied 'Stop' opted out, in GET /tutor and the chat, and refuses a send with 409", async () => {
    const db = createMockDb(scenarios.familyOptedOut);
    const handlers = createHandlers({ db, baseUrl: BASE_URL });
    const optOut = { optedOutAt: '2026-11-19T03:12:00.000Z', reason: 'replied', keyword: 'Stop' };
    const tutor = await json(await call(handlers, 'GET /tutor'));
    expect(
      tutor.correspondents.find((s: { id: string }) => s.id === 'stu-liam').textOptOut,
    ).toEqual(optOut);
    const chat = await json(
      await call(handlers, 'POST /tutor/messages', { studentId: 'stu-liam' }),
    );
    expect(chat.student.textOptOut).toEqual(optOut);
    const before = db.conversations['stu-liam']?.length;
    const refusedSend = await call(handlers, 'POST /tutor/send-message', {
      studentId: 'stu-liam',
      message: 'See you Thursday!',
    });
    expect(refusedSend.status).toBe(409);
    expect((await json(refusedSend)).error).toEqual({
      status: 'ABORTED',
      message:
        'This family has opted out of texts (they replied STOP). Texts can go to them again once they reply START.',
      details: { textOptOut: optOut },
    });
    expect(db.conversations['stu-liam']?.length).toBe(before);
    expect(db.sentMessageCount).toBe(0);
  });

  it('texts the family again once they reply START', async () => {
    const db = createMockDb(scenarios.familyOptedOut);
    const handlers = createHandlers({ db, baseUrl: BASE_URL });
    db.conversations['stu-liam']?.push({
      id: 'msg-liam-start',
      body: 'START',
      isFromTutor: 'No',
      dateSent: fixtureNow,
      messageType: 'activity',
    });
    const sent = await call(handlers, 'POST /tutor/send-message', {
      studentId: 'stu-liam',
      message: 'Welcome back!',
    });
    expect(sent.status).toBe(201);
  });

  it('marks a family opted out, refused, when the provider refuses a send with 21610', async () => {
    const db = createMockDb({ deliveryStatus: 'failed', failureCodes: { failed: '21610' } });
    const handlers = createHandlers({ db, baseUrl: BASE_URL });
    const send = () =>
      call(handlers, 'POST /tutor/send-message', { studentId: 'stu-ana', message: 'Hola' });
    expect((await send()).status).toBe(503);
    const chat = await json(await call(handlers, 'POST /tutor/messages', { studentId: 'stu-ana' }));
    expect(chat.student.textOptOut).toEqual({ optedOutAt: fixtureNow, reason: 'refused' });
    // Nothing more goes to the provider: the next send is refused by the server itself.
    expect((await send()).status).toBe(409);
    // A refusal for another reason marks no one.
    const other = createMockDb({ deliveryStatus: 'failed' });
    const otherHandlers = createHandlers({ db: other, baseUrl: BASE_URL });
    await call(otherHandlers, 'POST /tutor/send-message', {
      studentId: 'stu-ana',
      message: 'Hola',
    });
    expect(other.optOutRefusals).toEqual({});
  });

  it('records HELP without opting the family out', async () => {
    const handlers = createHandlers({
      db: createMockDb(scenarios.familyAskedForHelp),
      baseUrl: BASE_URL,
    });
    const chat = await json(
      await call(handlers, 'POST /tutor/messages', { studentId: 'stu-liam' }),
    );
    expect(chat.student.helpRequestedAt).toBe('2026-11-20T15:40:00.000Z');
    expect(chat.student.textOptOut).toBeNull();
  });

  it('reads the families through the integration API, least recently changed first, in pages', async () => {
    const db = createMockDb({ ...scenarios.familyOptedOut, ...scenarios.familyRefusedAsOptedOut });
    const handlers = createHandlers({ db, baseUrl: BASE_URL });
    const get = async (query: string) =>
      getResponse(handlers, new Request(`${BASE_URL}/integration/v1/students${query}`));
    const all = await json((await get('')) as Response);
    expect(all.students.map((s: { studentCode: string }) => s.studentCode)).toEqual([
      'S-1103',
      'S-1077',
      'S-1042',
    ]);
    expect(all.students[1]).toEqual({
      recordId: 'stu-liam',
      studentCode: 'S-1077',
      firstName: 'Liam',
      lastName: 'Okafor',
      tutorRecordId: tutorMaya.Record_ID,
      textOptOut: { optedOutAt: '2026-11-19T03:12:00.000Z', reason: 'replied', keyword: 'Stop' },
      helpRequestedAt: null,
      updatedAt: '2026-11-19T03:12:00.000Z',
    });
    expect(all.students[2].textOptOut).toEqual({
      optedOutAt: '2026-11-20T16:05:00.000Z',
      reason: 'refused',
    });
    expect(all.nextCursor).toBeNull();
    const first = await json((await get('?limit=2')) as Response);
    expect(first.students).toHaveLength(2);
    const rest = await json((await get(`?limit=2&cursor=${first.nextCursor}`)) as Response);
    expect(rest.students.map((s: { studentCode: string }) => s.studentCode)).toEqual(['S-1042']);
    const since = await json((await get('?updatedSince=2026-11-20T00:00:00.000Z')) as Response);
    expect(since.students.map((s: { studentCode: string }) => s.studentCode)).toEqual(['S-1042']);
    expect(((await get('?limit=501')) as Response).status).toBe(400);
  });
});

describe("texts held for the family's quiet hours", () => {
  const quietHours = () => {
    const db = createMockDb({ ...scenarios.familyTranslated, ...scenarios.familyQuietHours });
    return { db, handlers: createHandlers({ db, baseUrl: BASE_URL }) };
  };

  it('holds a text: scheduled until the end of the quiet hours, not yet translated', async () => {
    const { handlers } = quietHours();
    const sent = await call(handlers, 'POST /tutor/send-message', {
      studentId: 'stu-carla',
      message: 'Carla did great today.',
    });
    expect(sent.status).toBe(201);
    expect(await json(sent)).toEqual({
      message: {
        id: 'msg-sent-1',
        body: 'Carla did great today.',
        isFromTutor: 'Yes',
        dateSent: fixtureNow,
        messageType: 'activity',
        deliveryStatus: 'scheduled',
        scheduledFor: '2026-11-21T08:00:00.000Z',
      },
      deliveryStatus: 'scheduled',
    });
    const tutor = await json(await call(handlers, 'GET /tutor'));
    const carla = tutor.correspondents.find((s: { id: string }) => s.id === 'stu-carla');
    expect(carla.lastMessage.deliveryStatus).toBe('scheduled');
    expect(carla.needsAttention).toBeNull();
  });

  it('sends a held text now, translated then, and a second press sends nothing more', async () => {
    const { db, handlers } = quietHours();
    await call(handlers, 'POST /tutor/send-message', {
      studentId: 'stu-carla',
      message: 'Carla did great today.',
    });
    const now = () =>
      call(handlers, 'POST /tutor/send-scheduled-message-now', { messageId: 'msg-sent-1' });
    const first = await json(await now());
    expect(first.deliveryStatus).toBe('queued');
    expect(first.message.translation.text).toBe('Carla lo hizo muy bien hoy.');
    expect(first.message).not.toHaveProperty('scheduledFor');
    // Were it sent again, it would take the provider's new answer.
    db.deliveryStatus = 'sent';
    expect(await json(await now())).toEqual(first);
  });

  it('sends a held text now through the one send path: untranslated, refused, or 409 once they opted out', async () => {
    const { db, handlers } = quietHours();
    const hold = async (message: string) => {
      const sent = await call(handlers, 'POST /tutor/send-message', {
        studentId: 'stu-carla',
        message,
      });
      return (await json(sent)).message.id as string;
    };
    const now = (messageId: string) =>
      call(handlers, 'POST /tutor/send-scheduled-message-now', { messageId });
    const [untranslated, refusedText, optedOut] = [
      await hold('One'),
      await hold('Two'),
      await hold('Three'),
    ];
    db.translationFails = true;
    expect((await json(await now(untranslated))).deliveryStatus).toBe('untranslated');
    db.translationFails = false;
    db.deliveryStatus = 'failed';
    expect((await now(refusedText)).status).toBe(503);
    expect(db.conversations['stu-carla']?.find((m) => m.id === refusedText)?.deliveryStatus).toBe(
      'failed',
    );
    db.deliveryStatus = 'queued';
    db.conversations['stu-carla']?.push({
      id: 'msg-carla-stop',
      body: 'STOP',
      isFromTutor: 'No',
      dateSent: fixtureNow,
      messageType: 'activity',
    });
    expect((await now(optedOut)).status).toBe(409);
    expect(db.conversations['stu-carla']?.find((m) => m.id === optedOut)?.deliveryStatus).toBe(
      'scheduled',
    );
  });

  it('cancels a held text: it leaves the conversation; again is 204, a sent one 409, send now 404', async () => {
    const db = createMockDb(scenarios.textScheduled);
    const handlers = createHandlers({ db, baseUrl: BASE_URL });
    const cancel = (messageId: string) =>
      call(handlers, 'POST /tutor/cancel-scheduled-message', { messageId });
    expect((await cancel('msg-ana-8')).status).toBe(204);
    expect(db.conversations['stu-ana']?.map((m) => m.id)).not.toContain('msg-ana-8');
    expect((await cancel('msg-ana-8')).status).toBe(204);
    const sent = await cancel('msg-ana-7');
    expect(sent.status).toBe(404);
    const delivered = await cancel('msg-ana-6');
    expect(delivered.status).toBe(409);
    expect((await json(delivered)).error.details.message.id).toBe('msg-ana-6');
    const now = await call(handlers, 'POST /tutor/send-scheduled-message-now', {
      messageId: 'msg-ana-8',
    });
    expect(now.status).toBe(404);
  });

  it('answers a send now of a text already sent with the text as it stands', async () => {
    const handlers = createHandlers({ baseUrl: BASE_URL });
    const answer = await json(
      await call(handlers, 'POST /tutor/send-scheduled-message-now', { messageId: 'msg-ana-6' }),
    );
    expect(answer.deliveryStatus).toBe('delivered');
  });
});

describe("the tutor's notification settings", () => {
  const fresh = (seed: MockDbSeed = {}) => {
    const db = createMockDb(seed);
    return { db, handlers: createHandlers({ db, baseUrl: BASE_URL }) };
  };
  const errorOf = async (response: Response) => ({
    status: response.status,
    message: (await json(response)).error.message,
  });

  it("answers e-mail to the tutor's own address, no phone and quiet hours 21:00 to 08:00 by default", async () => {
    const { handlers } = fresh({ tutor: tutorJordan });
    expect(await json(await call(handlers, 'GET /tutor/notification-settings'))).toEqual({
      channel: 'email',
      email: tutorJordan.email,
      phone: null,
      quietHours: { start: '21:00', end: '08:00' },
      timeZone: 'America/Los_Angeles',
      replyDelayMinutes: 10,
    });
  });

  it('verifies a phone with the texted code, then takes the text channel', async () => {
    const { db, handlers } = fresh();
    expect(
      await errorOf(
        await call(handlers, 'PUT /tutor/notification-settings', settingsUpdate('text')),
      ),
    ).toEqual({
      status: 409,
      message: 'Verify your phone number before choosing text notifications.',
    });
    const started = await call(handlers, 'POST /tutor/notification-settings/phone', {
      phone: '+15105550188',
    });
    expect(started.status).toBe(202);
    expect((await json(started)).phone).toEqual({ number: '+15105550188', verified: false });
    expect(db.phoneVerification?.expiresAt).toBe('2026-11-20T18:10:00.000Z');
    expect(
      await errorOf(
        await call(handlers, 'POST /tutor/notification-settings/phone/verify', { code: '654321' }),
      ),
    ).toEqual({ status: 400, message: 'That code is not right. Check the text and try again.' });
    const verified = await call(handlers, 'POST /tutor/notification-settings/phone/verify', {
      code: '123456',
    });
    expect((await json(verified)).phone).toEqual({ number: '+15105550188', verified: true });
    const saved = await call(
      handlers,
      'PUT /tutor/notification-settings',
      settingsUpdate('text', 'America/New_York', { start: '22:30', end: '07:00' }),
    );
    expect(await json(saved)).toEqual(
      expect.objectContaining({
        channel: 'text',
        quietHours: { start: '22:30', end: '07:00' },
        timeZone: 'America/New_York',
      }),
    );
  });

  it('voids a code after 10 minutes and after 5 wrong tries', async () => {
    const expired = fresh(scenarios.phoneCodeExpired);
    expect(
      await errorOf(
        await call(expired.handlers, 'POST /tutor/notification-settings/phone/verify', {
          code: '123456',
        }),
      ),
    ).toEqual({ status: 400, message: 'This code has expired. Send a new code.' });
    const { handlers } = fresh(scenarios.phoneCodeSent);
    const verify = (code: string) =>
      call(handlers, 'POST /tutor/notification-settings/phone/verify', { code });
    for (let attempt = 1; attempt < 5; attempt += 1)
      expect((await verify('000000')).status).toBe(400);
    expect((await errorOf(await verify('000000'))).message).toBe(
      'That code is not right, and after 5 tries it no longer works. Send a new code.',
    );
    expect((await errorOf(await verify('123456'))).message).toBe(
      'No code is waiting for this phone. Send a new code.',
    );
  });

  it('refuses a number that is not E.164, a sixth code in the hour, and a malformed code', async () => {
    const { handlers } = fresh();
    const start = (phone: string) =>
      call(handlers, 'POST /tutor/notification-settings/phone', { phone });
    expect((await errorOf(await start('510-555-0188'))).status).toBe(400);
    for (let code = 1; code <= 5; code += 1) expect((await start('+15105550188')).status).toBe(202);
    expect(await errorOf(await start('+15105550188'))).toEqual({
      status: 429,
      message:
        'You have asked for 5 codes in the last hour. Please wait an hour, then send a new code.',
    });
    expect(
      (
        await errorOf(
          await call(handlers, 'POST /tutor/notification-settings/phone/verify', { code: '12 34' }),
        )
      ).message,
    ).toBe('Enter the six-digit code from the text.');
  });

  it('keeps a verified phone verified when its own number is asked for again', async () => {
    const { db, handlers } = fresh(scenarios.notificationsByText);
    await call(handlers, 'POST /tutor/notification-settings/phone', { phone: '+15105550188' });
    expect(db.notificationSettings.phone).toEqual({ number: '+15105550188', verified: true });
    await call(handlers, 'POST /tutor/notification-settings/phone', { phone: '+15105550199' });
    expect(db.notificationSettings.phone).toEqual({ number: '+15105550199', verified: false });
  });

  it('refuses an unknown time zone and quiet hours that start when they end, changing nothing', async () => {
    const { db, handlers } = fresh();
    const before = structuredClone(db.notificationSettings);
    const put = (body: unknown) => call(handlers, 'PUT /tutor/notification-settings', body);
    expect(await errorOf(await put(settingsUpdate('none', 'Mars/Olympus_Mons')))).toEqual({
      status: 400,
      message: '"Mars/Olympus_Mons" is not a time zone we know. Choose one from the list.',
    });
    expect(
      (await errorOf(await put(settingsUpdate('none', 'UTC', { start: '21:00', end: '21:00' }))))
        .message,
    ).toBe('Quiet hours must start and end at different times.');
    expect((await put(settingsUpdate('sms'))).status).toBe(400);
    expect(db.notificationSettings).toEqual(before);
    expect((await put(settingsUpdate('none', 'UTC'))).status).toBe(200);
  });

  it('unsubscribes with one click, without sign-in: e-mail off, a tutor notified by text keeps it', async () => {
    const unsubscribe = (handlers: RequestHandler[], method: 'GET' | 'POST') =>
      answer(
        handlers,
        new Request(
          `${BASE_URL}/notifications/unsubscribe?token=demo-unsubscribe-token-maya-chen.email`,
          {
            method,
            headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
            body: method === 'POST' ? 'List-Unsubscribe=One-Click' : undefined,
          },
        ),
      );
    const byEmail = fresh();
    const page = await unsubscribe(byEmail.handlers, 'GET');
    expect(page.headers.get('content-type')).toBe('text/html');
    expect(byEmail.db.notificationSettings.channel).toBe('email');
    expect((await unsubscribe(byEmail.handlers, 'POST')).status).toBe(200);
    expect(byEmail.db.notificationSettings.channel).toBe('none');
    const byText = fresh(scenarios.notificationsByText);
    await unsubscribe(byText.handlers, 'POST');
    expect(byText.db.notificationSettings.channel).toBe('text');
  });

  it('answers 404 without a tutor', async () => {
    const { handlers } = fresh(scenarios.tutorAccountNotFound);
    expect((await call(handlers, 'GET /tutor/notification-settings')).status).toBe(404);
  });
});
