// The tutor calls of §7 on the seeded demo data: messages (with the send ordering and a provider
// failure), announcements, action items, pathways, lesson completion and the learning-portal
// launch, and the rule under all of them: another tutor's student is 404, never data.
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  actionItems,
  lessons,
  messages,
  pathways,
  portalAnnouncements,
  students,
  tutoringSessions,
  tutors,
} from '../src/db/schema.ts';
import { type OutboundSms, SmsDeliveryError, type SmsProvider } from '../src/providers/sms.ts';
import { DEMO_TUTOR_EMAILS, seedDemoData } from '../src/seed/demo.ts';
import { DEMO_APPLICANT_EMAILS } from '../src/seed/demo-activity.ts';
import { startTestApp, type TestApp } from './support/app.ts';
import { caller, expectContract, expectError } from './support/calls.ts';
import { customTokenIdToken, googleIdToken } from './support/emulator.ts';

const NOW = new Date('2026-03-15T12:00:00Z');

/** An SMS provider the tests steer: records texts, can fail, and sees the database at send time. */
const smsLog: Array<OutboundSms & { storedStatus: string | undefined }> = [];
let smsFailure: string | null = null;
let server: TestApp;
const fakeSms: SmsProvider = {
  kind: 'dev',
  async send(sms) {
    // The message must already be stored (queued) when the provider is called.
    const [stored] = await server.db
      .select({ status: messages.deliveryStatus })
      .from(messages)
      .where(and(eq(messages.body, sms.body), eq(messages.fromTutor, true)));
    smsLog.push({ ...sms, storedStatus: stored?.status });
    if (smsFailure) throw new SmsDeliveryError(smsFailure);
    return { providerMessageId: `SMfake${smsLog.length}`, status: 'sent' };
  },
};

const ids: Record<string, string> = {};
const tokens: Record<string, string> = {};
const api = caller(() => server.app);

beforeAll(async () => {
  server = await startTestApp({
    now: () => NOW,
    fixtures: (db) => seedDemoData(db, { now: NOW }),
    dependencies: { sms: fakeSms },
  });
  for (const row of await server.db.select().from(students)) ids[row.firstName] = row.id;
  const lessonRows = await server.db
    .select({ id: lessons.id, position: lessons.position, studentId: pathways.studentId })
    .from(lessons)
    .innerJoin(pathways, eq(pathways.id, lessons.pathwayId))
    .orderBy(asc(lessons.position));
  const lessonOf = (student: string, position: number) =>
    lessonRows.find((row) => row.studentId === ids[student] && row.position === position)?.id ?? '';
  Object.assign(ids, {
    sofiaLesson3: lessonOf('Sofia', 3),
    ethanLesson1: lessonOf('Ethan', 1),
    noahLesson1: lessonOf('Noah', 1),
  });
  tokens.maya = await googleIdToken({ email: DEMO_TUTOR_EMAILS.maya });
  tokens.jordan = await googleIdToken({ email: DEMO_TUTOR_EMAILS.jordan });
  tokens.magic = await customTokenIdToken('applicant-tutor-calls', {
    applicant_email: DEMO_APPLICANT_EMAILS.sam,
  });
});
afterAll(() => server?.close());

describe('POST /tutor/messages', () => {
  it("answers the conversation, oldest first, with both message types and the student's details", async () => {
    const response = await api.post('/tutor/messages', { studentId: ids.Sofia }, tokens.maya);
    expect(response.statusCode).toBe(200);
    expectContract('getTutorMessages', response);
    const { messages: conversation, student } = response.json();
    expect(conversation).toHaveLength(6);
    const dates = conversation.map((m: { dateSent: string }) => m.dateSent);
    expect([...dates].sort()).toEqual(dates);
    expect(new Set(conversation.map((m: { messageType: string }) => m.messageType))).toEqual(
      new Set(['activity', 'admin']),
    );
    expect(conversation[0]).toMatchObject({ isFromTutor: 'Yes', messageType: 'activity' });
    expect(student).toMatchObject({
      id: ids.Sofia,
      First_Name: 'Sofia',
      Language: 'Spanish',
      studentTwilio: '+15550190011',
      Last_Message: '¿Podemos empezar 10 minutos más tarde hoy?',
      Last_Message_By: 'Guardian',
    });
    expect(response.body).not.toContain('+15550100111'); // the guardian's real number
  });

  it('tags the answer; the same tag back gets 304 with no body until the chat changes', async () => {
    const first = await api.post('/tutor/messages', { studentId: ids.Sofia }, tokens.maya);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const again = (tag: string) =>
      api.post('/tutor/messages', { studentId: ids.Sofia }, tokens.maya, { 'if-none-match': tag });

    const unchanged = await again(etag);
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
    expect(unchanged.headers.etag).toBe(etag);
    expect((await again(`W/${etag}`)).statusCode).toBe(304);
    expect((await again('"some-other-tag"')).statusCode).toBe(200);
    // Another student's tag is not this chat's.
    const amara = await api.post('/tutor/messages', { studentId: ids.Amara }, tokens.maya);
    expect((await again(String(amara.headers.etag))).statusCode).toBe(200);

    // A guardian's reply arrives: the next poll with the old tag gets the new conversation.
    await server.db.insert(messages).values({
      studentId: String(ids.Sofia),
      body: 'Gracias, hasta el martes.',
      fromTutor: false,
      messageType: 'activity',
      deliveryStatus: 'received',
      sentAt: new Date(NOW.getTime() - 1000),
      providerMessageId: 'SMetag-reply',
    });
    const changed = await again(etag);
    expect(changed.statusCode).toBe(200);
    expectContract('getTutorMessages', changed);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json().messages.at(-1)).toMatchObject({ body: 'Gracias, hasta el martes.' });
    expect(changed.json().student.Last_Message).toBe('Gracias, hasta el martes.');
    // Another tutor cannot use a tag to learn anything: 404 as without one.
    expectError(
      await api.post('/tutor/messages', { studentId: ids.Sofia }, tokens.jordan, {
        'if-none-match': String(changed.headers.etag),
      }),
      404,
      'NOT_FOUND',
    );
  });

  it('a new tag when the student or their sessions change; a failed send is no change', async () => {
    const poll = (tag?: string) =>
      api.post(
        '/tutor/messages',
        { studentId: ids.Amara },
        tokens.maya,
        tag ? { 'if-none-match': tag } : {},
      );
    const first = String((await poll()).headers.etag);

    // A text the provider refused is not part of the conversation.
    const [student] = await server.db
      .select()
      .from(students)
      .where(eq(students.id, String(ids.Amara)));
    if (!student?.tutorId) throw new Error('Amara has no tutor in the demo data');
    await server.db.insert(messages).values({
      studentId: student.id,
      tutorId: student.tutorId,
      body: 'Refused by the provider',
      fromTutor: true,
      messageType: 'activity',
      deliveryStatus: 'failed',
      sentAt: new Date(NOW.getTime() - 500),
    });
    expect((await poll(first)).statusCode).toBe(304);

    // The student's row changes (the guardian's name, shown in the chat's header).
    await server.db
      .update(students)
      .set({ guardianFirstName: `${student.guardianFirstName}-Renamed` })
      .where(eq(students.id, student.id));
    const renamed = await poll(first);
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().student.Guardian_First_Name).toBe(`${student.guardianFirstName}-Renamed`);
    const second = String(renamed.headers.etag);
    expect(second).not.toBe(first);
    expect((await poll(second)).statusCode).toBe(304);

    // A session is recorded today: "days since the last session" changes.
    await server.db.insert(tutoringSessions).values({
      tutorId: student.tutorId,
      studentId: student.id,
      sessionDate: NOW.toISOString().slice(0, 10),
      minutes: 45,
    });
    const sessionToday = await poll(second);
    expect(sessionToday.statusCode).toBe(200);
    expect(sessionToday.json().student.lastSession).toBe(0);
    expect(String(sessionToday.headers.etag)).not.toBe(second);

    await server.db
      .update(students)
      .set({ guardianFirstName: student.guardianFirstName })
      .where(eq(students.id, student.id));
  });

  it("404 for another tutor's student, an unknown id and a non-uuid id, with no data", async () => {
    for (const studentId of [ids.Noah, '00000000-0000-4000-8000-000000000000', 'stu-zzz']) {
      const response = await api.post('/tutor/messages', { studentId }, tokens.maya);
      expectError(response, 404, 'NOT_FOUND', 'No such student among your correspondents.');
      expect(response.body).not.toContain('Noah');
      expect(response.body).not.toContain('Grace');
    }
  });

  it('400 naming the field for a missing or mistyped studentId', async () => {
    expectError(
      await api.post('/tutor/messages', {}, tokens.maya),
      400,
      'INVALID_ARGUMENT',
      'body/studentId is required',
    );
    expectError(
      await api.post('/tutor/messages', { studentId: 7 }, tokens.maya),
      400,
      'INVALID_ARGUMENT',
      'body/studentId must be string',
    );
  });
});

describe('POST /tutor/send-message', () => {
  it('stores the text first, then sends it from the forwarding number, and records it as sent', async () => {
    smsFailure = null;
    const before = smsLog.length;
    const response = await api.post(
      '/tutor/send-message',
      { studentId: ids.Amara, message: '  See you Tuesday!  ' },
      tokens.maya,
    );
    expect(response.statusCode).toBe(201);
    expectContract('sendTutorMessage', response);
    const sent = response.json();
    expect(sent).toMatchObject({
      deliveryStatus: 'sent',
      message: { body: 'See you Tuesday!', isFromTutor: 'Yes', messageType: 'activity' },
    });
    expect(smsLog.slice(before)).toEqual([
      {
        from: '+15550190033',
        to: '+15550100133',
        body: 'See you Tuesday!',
        reference: { messageId: sent.message.id, attempt: 0 },
        storedStatus: 'queued',
      },
    ]);
    const [row] = await server.db.select().from(messages).where(eq(messages.id, sent.message.id));
    expect(row).toMatchObject({ deliveryStatus: 'sent', providerMessageId: `SMfake${before + 1}` });
    expect(row?.sentAt.toISOString()).toBe(NOW.toISOString());

    const conversation = (
      await api.post('/tutor/messages', { studentId: ids.Amara }, tokens.maya)
    ).json().messages;
    expect(conversation.at(-1)).toMatchObject({
      id: sent.message.id,
      body: 'See you Tuesday!',
      dateSent: NOW.toISOString(),
    });
  });

  it('a provider failure answers 503, keeps the text as failed, never sent, and out of the chat', async () => {
    smsFailure = 'Twilio refused the text (HTTP 400, code 21610)';
    try {
      const response = await api.post(
        '/tutor/send-message',
        { studentId: ids.Amara, message: 'This one fails' },
        tokens.maya,
      );
      const error = expectError(response, 503, 'UNAVAILABLE', /could not be sent/);
      expectContract('sendTutorMessage', response);
      expect(response.body).not.toContain('21610'); // the provider's reason stays in the server
      const [row] = await server.db
        .select()
        .from(messages)
        .where(eq(messages.id, String(error.details?.messageId)));
      expect(row).toMatchObject({ body: 'This one fails', deliveryStatus: 'failed' });
      expect(row?.failureReason).toContain('21610');
      expect(error.details).toMatchObject({ deliveryStatus: 'failed' });
      const conversation = (
        await api.post('/tutor/messages', { studentId: ids.Amara }, tokens.maya)
      ).json().messages;
      expect(conversation.map((m: { body: string }) => m.body)).not.toContain('This one fails');
    } finally {
      smsFailure = null;
    }
  });

  it("another tutor's student: 404, nothing stored, nothing sent", async () => {
    const before = smsLog.length;
    expectError(
      await api.post(
        '/tutor/send-message',
        { studentId: ids.Noah, message: 'Hello from Maya' },
        tokens.maya,
      ),
      404,
      'NOT_FOUND',
    );
    expect(smsLog.length).toBe(before);
    const stored = await server.db
      .select()
      .from(messages)
      .where(eq(messages.body, 'Hello from Maya'));
    expect(stored).toEqual([]);
  });

  it('400 for a blank message or a missing field', async () => {
    expectError(
      await api.post('/tutor/send-message', { studentId: ids.Amara, message: '   ' }, tokens.maya),
      400,
      'INVALID_ARGUMENT',
      /body\/message must match pattern/,
    );
    expectError(
      await api.post('/tutor/send-message', { studentId: ids.Amara }, tokens.maya),
      400,
      'INVALID_ARGUMENT',
      'body/message is required',
    );
  });

  it('409 when the guardian has no phone number on record (nothing is sent)', async () => {
    await server.db
      .update(students)
      .set({ guardianPhone: null })
      .where(eq(students.id, ids.Liam as string));
    expectError(
      await api.post('/tutor/send-message', { studentId: ids.Liam, message: 'Hi' }, tokens.maya),
      409,
      'ABORTED',
    );
  });
});

describe('announcements', () => {
  it('GET /portal-announcement: newest first, HTML kept, and only the caller’s read ids', async () => {
    const response = await api.get('/portal-announcement', tokens.maya);
    expect(response.statusCode).toBe(200);
    expectContract('listPortalAnnouncements', response);
    const { announcements, readAnnouncementIds } = response.json();
    expect(announcements.map((a: { subject: string }) => a.subject)).toEqual([
      'Volunteer as a substitute',
      'Spring post-assessments are open',
      'Holiday schedule',
      'Welcome to the new Tutor Portal',
    ]);
    expect(announcements[1].message).toContain('<em>at least 30 minutes</em>');
    expect(readAnnouncementIds).toHaveLength(2);
    expect(readAnnouncementIds).toContain(announcements[2].id);
    const jordan = (await api.get('/portal-announcement', tokens.jordan)).json();
    expect(jordan.readAnnouncementIds).toHaveLength(4);
  });

  it('POST /portal-announcement/status marks one read, idempotently; unknown ids 404', async () => {
    const [unread] = await server.db
      .select()
      .from(portalAnnouncements)
      .where(eq(portalAnnouncements.subject, 'Volunteer as a substitute'));
    const first = await api.post(
      '/portal-announcement/status',
      { announcementId: unread?.id },
      tokens.maya,
    );
    expect(first.statusCode).toBe(200);
    expectContract('markPortalAnnouncementRead', first);
    expect(first.json()).toEqual({ announcementId: unread?.id, readAt: NOW.toISOString() });
    const again = await api.post(
      '/portal-announcement/status',
      { announcementId: unread?.id },
      tokens.maya,
    );
    expect(again.json()).toEqual(first.json());
    const list = (await api.get('/portal-announcement', tokens.maya)).json();
    expect(list.readAnnouncementIds).toContain(unread?.id);
    for (const announcementId of ['pa-unknown', '00000000-0000-4000-8000-000000000000']) {
      expectError(
        await api.post('/portal-announcement/status', { announcementId }, tokens.maya),
        404,
        'NOT_FOUND',
      );
    }
    expectError(
      await api.post('/portal-announcement/status', { announcementId: '' }, tokens.maya),
      400,
      'INVALID_ARGUMENT',
      /body\/announcementId/,
    );
  });

  it('POST /tutor/mark-announcement-read clears hasNewAnnouncement (204, no body)', async () => {
    expect((await api.get('/tutor', tokens.maya)).json().hasNewAnnouncement).toBe(true);
    const response = await api.post('/tutor/mark-announcement-read', undefined, tokens.maya);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect((await api.get('/tutor', tokens.maya)).json().hasNewAnnouncement).toBe(false);
    expectError(
      await api.post('/tutor/mark-announcement-read', { extra: 1 }, tokens.maya),
      400,
      'INVALID_ARGUMENT',
      'This call takes no request body.',
    );
  });
});

describe('action items', () => {
  it("GET /action-item: the tutor's own items, newest first, in every state", async () => {
    const response = await api.get('/action-item', tokens.maya);
    expect(response.statusCode).toBe(200);
    expectContract('listActionItems', response);
    const items = response.json();
    expect(items.map((i: { Title: string }) => i.Title)).toEqual([
      'Submit your weekly progress report',
      'Record a session for Ethan',
      'Complete the mid-year survey',
      'Read the updated Tutor Handbook',
    ]);
    expect(items[0]).toMatchObject({
      URL: 'forms.example.org/weekly-progress',
      Completed: false,
      Automatic_Completion: false,
    });
    expect(items[1]).toMatchObject({ Automatic_Completion: true, Completed: false });
    expect(items[3]).toMatchObject({ Completed: true });
  });

  it('POST /action-item/complete completes an open item once; it stays completed', async () => {
    const [item] = await server.db
      .select()
      .from(actionItems)
      .where(eq(actionItems.title, 'Submit your weekly progress report'));
    const first = await api.post('/action-item/complete', { itemId: item?.id }, tokens.maya);
    expect(first.statusCode).toBe(200);
    expectContract('completeActionItem', first);
    expect(first.json()).toMatchObject({ Action_Item_ID: item?.id, Completed: true });
    const again = await api.post('/action-item/complete', { itemId: item?.id }, tokens.maya);
    expect(again.json()).toEqual(first.json());
    const [row] = await server.db
      .select()
      .from(actionItems)
      .where(eq(actionItems.id, item?.id as string));
    expect(row?.completedAt?.toISOString()).toBe(NOW.toISOString());
  });

  it('refuses an Automatic_Completion item with 409, and another tutor’s item with 404', async () => {
    const [automatic] = await server.db
      .select()
      .from(actionItems)
      .where(eq(actionItems.automaticCompletion, true));
    expectError(
      await api.post('/action-item/complete', { itemId: automatic?.id }, tokens.maya),
      409,
      'ABORTED',
      'This action item completes automatically.',
    );
    const [jordan] = await server.db
      .select()
      .from(tutors)
      .where(eq(tutors.email, DEMO_TUTOR_EMAILS.jordan));
    const [jordansItem] = await server.db
      .select()
      .from(actionItems)
      .where(eq(actionItems.tutorId, jordan?.id as string));
    expectError(
      await api.post('/action-item/complete', { itemId: jordansItem?.id }, tokens.maya),
      404,
      'NOT_FOUND',
    );
    expectError(
      await api.post('/action-item/complete', { itemId: 'ai-unknown' }, tokens.maya),
      404,
      'NOT_FOUND',
    );
    expectError(
      await api.post('/action-item/complete', { item: 'x' }, tokens.maya),
      400,
      'INVALID_ARGUMENT',
      'body/itemId is required',
    );
  });
});

describe('learning pathways', () => {
  it('getStudentPathway: lessons in order, completed lessons and assessment links with id, name, grade', async () => {
    const response = await api.call('getStudentPathway', { studentId: ids.Sofia }, tokens.maya);
    expect(response.statusCode).toBe(200);
    expectContract('getStudentPathway', response);
    const pathway = response.json().result;
    expect(pathway.Pathway_Name).toBe('Grade 4 Math: Fractions');
    expect(pathway.Lessons.map((l: { Lesson_Id: number }) => l.Lesson_Id)).toEqual([1, 2, 3, 4, 5]);
    expect(Object.keys(pathway.completed_lessons)).toHaveLength(2);
    expect(pathway.Assessment_result).toBe('');
    expect(pathway.Post_Assessment_URL).toBe(
      'https://forms.example.org/post-assessment/fractions?id=STU-20417&name=Sofia&grade=4th',
    );
    expect(pathway.Next_Pre_Assessment_URL).toBe(
      'https://forms.example.org/pre-assessment/unit-2?id=STU-20417&name=Sofia&grade=4th',
    );
    expect(pathway.student_obj).toEqual({ First_Name: 'Sofia', grade: '4th' });
    expect(Object.keys(pathway.introActivities).sort()).toEqual([
      'Goal Check',
      'Quick Review',
      'Rose and Thorn',
    ]);
  });

  it("a 'First Sessions' pathway leads to the grade's unit-one pre-assessment; Failed has additional lessons", async () => {
    const amara = (
      await api.call('getStudentPathway', { studentId: ids.Amara }, tokens.maya)
    ).json().result;
    expect(amara.Pathway_Name).toMatch(/First Sessions$/);
    expect(amara.Next_Pre_Assessment_URL).toBe(
      'https://forms.example.org/pre-assessment/unit-1-grade-3rd?id=STU-20689&name=Amara&grade=3rd',
    );
    const ethan = (
      await api.call('getStudentPathway', { studentId: ids.Ethan }, tokens.maya)
    ).json().result;
    expect(ethan.Assessment_result).toBe('Failed');
    expect(ethan.Additional_lessons).toHaveLength(2);
    const noah = (
      await api.call('getStudentPathway', { studentId: ids.Noah }, tokens.jordan)
    ).json().result;
    expect(noah.Assessment_result).toBe('Passed');
  });

  it('answers null for a student without a pathway, 404 for another tutor’s student', async () => {
    const liam = await api.call('getStudentPathway', { studentId: ids.Liam }, tokens.maya);
    expect(liam.statusCode).toBe(200);
    expect(liam.json()).toEqual({ result: null });
    const response = await api.call('getStudentPathway', { studentId: ids.Noah }, tokens.maya);
    expectError(response, 404, 'NOT_FOUND');
    expect(response.body).not.toContain('Expressions');
  });

  it('updateLessonCompletionStatus is idempotent and only for lessons of the own student', async () => {
    const data = { studentId: ids.Sofia, lessonId: ids.sofiaLesson3 };
    const first = await api.call('updateLessonCompletionStatus', data, tokens.maya);
    expect(first.statusCode).toBe(200);
    expectContract('updateLessonCompletionStatus', first);
    expect(Object.keys(first.json().result.completed_lessons)).toHaveLength(3);
    expect(first.json().result.completed_lessons[ids.sofiaLesson3 as string]).toBe(true);
    const again = await api.call('updateLessonCompletionStatus', data, tokens.maya);
    expect(again.json()).toEqual(first.json());
    // A lesson of another student's pathway, and another tutor's student.
    expectError(
      await api.call(
        'updateLessonCompletionStatus',
        { studentId: ids.Sofia, lessonId: ids.ethanLesson1 },
        tokens.maya,
      ),
      404,
      'NOT_FOUND',
    );
    expectError(
      await api.call(
        'updateLessonCompletionStatus',
        { studentId: ids.Noah, lessonId: ids.noahLesson1 },
        tokens.maya,
      ),
      404,
      'NOT_FOUND',
    );
    expectError(
      await api.call('updateLessonCompletionStatus', { studentId: ids.Sofia }, tokens.maya),
      400,
      'INVALID_ARGUMENT',
      'body/data/lessonId is required',
    );
  });

  it('updateLessonCompletionStatus with completed: false unmarks a lesson, idempotently, and true marks it again', async () => {
    const data = { studentId: ids.Sofia, lessonId: ids.sofiaLesson3 };
    const marked = await api.call('updateLessonCompletionStatus', data, tokens.maya);
    expect(marked.json().result.completed_lessons[ids.sofiaLesson3 as string]).toBe(true);
    const before = Object.keys(marked.json().result.completed_lessons);

    const unmark = { ...data, completed: false };
    const unmarked = await api.call('updateLessonCompletionStatus', unmark, tokens.maya);
    expect(unmarked.statusCode).toBe(200);
    expectContract('updateLessonCompletionStatus', unmarked);
    expect(Object.keys(unmarked.json().result.completed_lessons).sort()).toEqual(
      before.filter((id) => id !== ids.sofiaLesson3).sort(),
    );
    // Unmarking again changes nothing, and the pathway reads the same.
    const again = await api.call('updateLessonCompletionStatus', unmark, tokens.maya);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(unmarked.json());
    const pathway = (
      await api.call('getStudentPathway', { studentId: ids.Sofia }, tokens.maya)
    ).json().result;
    expect(pathway.completed_lessons).toEqual(unmarked.json().result.completed_lessons);

    // An accidental unmark is undone by marking it again.
    const remarked = await api.call(
      'updateLessonCompletionStatus',
      { ...data, completed: true },
      tokens.maya,
    );
    expect(remarked.json()).toEqual(marked.json());

    // The same rules as marking: only the own student's lessons, and a boolean.
    expectError(
      await api.call(
        'updateLessonCompletionStatus',
        { studentId: ids.Noah, lessonId: ids.noahLesson1, completed: false },
        tokens.maya,
      ),
      404,
      'NOT_FOUND',
    );
    expectError(
      await api.call('updateLessonCompletionStatus', { ...data, completed: 'no' }, tokens.maya),
      400,
      'INVALID_ARGUMENT',
    );
  });
});

describe('launchLearningPortalForStudent', () => {
  it('answers a signed learning-portal URL for an own student, 404 for another tutor’s', async () => {
    const response = await api.call(
      'launchLearningPortalForStudent',
      { studentId: ids.Sofia },
      tokens.maya,
    );
    expect(response.statusCode).toBe(200);
    expectContract('launchLearningPortalForStudent', response);
    const url = new URL(response.json().result);
    expect(url.origin + url.pathname).toBe('https://learning.example.org/launch');
    expect(url.searchParams.get('student')).toBe('STU-20417');
    expect(url.searchParams.get('tutor')).toBe('TUT-1042');
    expect(url.searchParams.get('signature')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expectError(
      await api.call('launchLearningPortalForStudent', { studentId: ids.Noah }, tokens.maya),
      404,
      'NOT_FOUND',
    );
  });
});

describe('authorization matrix of the tutor calls', () => {
  const tutorCalls = (studentId: string) =>
    [
      ['GET', '/tutor', undefined],
      ['POST', '/tutor/messages', { studentId }],
      ['POST', '/tutor/send-message', { studentId, message: 'hi' }],
      ['GET', '/portal-announcement', undefined],
      ['POST', '/portal-announcement/status', { announcementId: 'a1' }],
      ['POST', '/tutor/mark-announcement-read', undefined],
      ['GET', '/action-item', undefined],
      ['POST', '/action-item/complete', { itemId: 'i1' }],
      ['POST', '/functions/launchLearningPortalForStudent', { data: { studentId } }],
      [
        'POST',
        '/functions/setLatestViewedAnnouncement',
        { data: { id: 'a1', date: NOW.toISOString() } },
      ],
      ['POST', '/functions/getStudentPathway', { data: { studentId } }],
      ['POST', '/functions/updateLessonCompletionStatus', { data: { studentId, lessonId: 'l1' } }],
    ] as const;

  it('401 without a token and 403 for a magic (applicant) session, on every tutor call', async () => {
    for (const [method, path, body] of tutorCalls(ids.Sofia as string)) {
      const send = (token?: string) =>
        method === 'GET' ? api.get(path, token) : api.post(path, body, token);
      expectError(await send(), 401, 'UNAUTHENTICATED');
      expectError(await send(tokens.magic), 403, 'PERMISSION_DENIED', /tutor sign-in/);
    }
  });

  it("404 for every student call on another tutor's student", async () => {
    const studentCalls = tutorCalls(ids.Sofia as string).filter(
      ([, , body]) => body !== undefined && JSON.stringify(body).includes(ids.Sofia as string),
    );
    expect(studentCalls).toHaveLength(5);
    for (const [, path, body] of studentCalls) {
      const response = await api.post(path, body, tokens.jordan);
      expectError(response, 404, 'NOT_FOUND');
      expect(response.body).not.toContain('Sofia');
    }
  });
});
