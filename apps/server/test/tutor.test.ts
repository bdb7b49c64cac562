// GET /api/tutor end to end: real ID tokens from the Auth emulator, a database of our own fixtures.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/open.ts';
import { loadContract } from '../src/http/contract.ts';
import {
  insertStudent,
  insertTitleThresholds,
  insertTutor,
  insertTutoringSessions,
  insertWeeklyAnnouncements,
  type NewStudent,
} from '../src/seed/fixtures.ts';
import { bearer, startTestApp, type TestApp, testConfig } from './support/app.ts';
import {
  customTokenIdToken,
  expiredCopy,
  googleIdToken,
  passwordIdToken,
  uniqueEmail,
} from './support/emulator.ts';

const ORG = 'tutoring.example.org';
const NOW = new Date('2026-03-15T12:00:00Z');
const contract = loadContract(testConfig().openapiPath);
const validateTutor = contract.operation('getTutor').responses.get('200')?.validate;
const validateError = contract.validateErrorResponse;

const student = (
  overrides: Partial<NewStudent> & Pick<NewStudent, 'studentCode' | 'firstName'>,
) => ({
  lastName: 'Test',
  forwardingNumber: '+15550199999',
  ...overrides,
});

const ids: Record<string, string> = {};

async function fixtures(db: Database) {
  await insertTitleThresholds(db, [
    { title: 'Volunteer Tutor', minMinutes: 0 },
    { title: 'Rising Tutor', minMinutes: 600 },
    { title: 'Dedicated Tutor', minMinutes: 1500 },
  ]);
  const [older, newer] = await insertWeeklyAnnouncements(db, [
    { title: 'Older', content: '<p>older</p>', createdAt: new Date('2026-03-01T09:00:00Z') },
    { title: 'Newer', content: '<p>newer</p>', createdAt: new Date('2026-03-08T09:00:00Z') },
  ]);
  ids.olderAnnouncement = older?.id ?? '';
  ids.newerAnnouncement = newer?.id ?? '';

  const maya = await insertTutor(db, {
    tutorCode: 'TUT-1',
    externalRecordId: 'recMaya',
    firstName: 'Maya',
    lastName: 'Chen',
    email: `maya.chen@${ORG}`,
    availability: 'Monday 16:00-18:00',
    availabilityFormUrl: 'https://forms.example.org/availability',
    capacity: 4,
    firstMatchedAt: new Date('2025-09-01T00:00:00Z'),
    latestViewedAnnouncementId: ids.olderAnnouncement,
    latestViewedAnnouncementAt: new Date('2026-03-01T09:00:00Z'),
    hasNewAnnouncement: true,
  });
  // Stored with capitals: the lookup by verified e-mail ignores case.
  const jordan = await insertTutor(db, {
    tutorCode: 'TUT-2',
    externalRecordId: 'recJordan',
    firstName: 'Jordan',
    lastName: 'Lee',
    email: `Jordan.Lee@Tutoring.Example.org`,
  });
  ids.maya = maya.id;

  const sofia = await insertStudent(
    db,
    student({
      tutorId: maya.id,
      studentCode: 'STU-1',
      firstName: 'Sofia',
      lastName: 'Martinez',
      guardianFirstName: 'Ana',
      guardianLastName: 'Martinez',
      guardianPhone: '+15550100111',
      language: 'Spanish',
      grade: '4th',
      information: { 'Grade Level': '4th Grade', 'Math Tool Username': 'sofia4' },
      mathToolId: 'MT-1',
      subjects: ['Math', 'Reading'],
      forwardingNumber: '+15550190011',
      firstMatchedAt: new Date('2025-09-01T00:00:00Z'),
    }),
  );
  const ethan = await insertStudent(
    db,
    student({ tutorId: maya.id, studentCode: 'STU-2', firstName: 'Ethan', grade: '6th' }),
  );
  const amara = await insertStudent(
    db,
    student({ tutorId: maya.id, studentCode: 'STU-3', firstName: 'Amara', grade: '3rd' }),
  );
  const noah = await insertStudent(
    db,
    student({ tutorId: jordan.id, studentCode: 'STU-4', firstName: 'Noah', grade: '7th' }),
  );
  await insertStudent(db, student({ tutorId: null, studentCode: 'STU-5', firstName: 'Unmatched' }));
  Object.assign(ids, { sofia: sofia.id, ethan: ethan.id, amara: amara.id, noah: noah.id });

  const session = (tutorId: string, studentId: string, sessionDate: string, minutes: number) => ({
    tutorId,
    studentId,
    sessionDate,
    minutes,
  });
  await insertTutoringSessions(db, [
    session(maya.id, sofia.id, '2026-03-14', 60),
    session(maya.id, sofia.id, '2026-03-10', 45),
    session(maya.id, sofia.id, '2026-02-14', 60), // 29 days before NOW: inside the last 30 days
    session(maya.id, sofia.id, '2026-02-13', 30), // 30 days before: outside
    session(maya.id, sofia.id, '2026-01-01', 90),
    session(maya.id, ethan.id, '2026-03-01', 60),
    session(maya.id, ethan.id, '2025-12-20', 120),
    session(jordan.id, noah.id, '2026-03-13', 60),
  ]);
}

let server: TestApp;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  server = await startTestApp({ fixtures, now: () => NOW });
  // Minted one after another: the emulator is shared with other suites.
  tokens.maya = await googleIdToken({ email: `maya.chen@${ORG}`, name: 'Maya Chen' });
  tokens.jordan = await googleIdToken({ email: `jordan.lee@${ORG}`, name: 'Jordan Lee' });
  tokens.outsider = await googleIdToken({ email: uniqueEmail('someone', 'gmail.com') });
  tokens.lookalike = await googleIdToken({ email: uniqueEmail('someone', `evil${ORG}`) });
  tokens.unverified = await googleIdToken({
    email: uniqueEmail('unverified', ORG),
    emailVerified: false,
  });
  tokens.unknown = await googleIdToken({ email: uniqueEmail('new.tutor', ORG) });
  tokens.magic = await customTokenIdToken(`applicant-${Date.now()}`);
  tokens.password = await passwordIdToken(uniqueEmail('password.user', ORG));
});
afterAll(() => server?.close());

const getTutor = (headers: Record<string, string> = {}) =>
  server.app.inject({ method: 'GET', url: '/api/tutor', headers });

function expectError(
  response: Awaited<ReturnType<typeof getTutor>>,
  statusCode: number,
  status: string,
  message?: RegExp,
) {
  expect(response.statusCode).toBe(statusCode);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const body = response.json();
  expect(validateError(body)).toBe(true);
  expect(body.error.status).toBe(status);
  if (message) expect(body.error.message).toMatch(message);
  expect(response.body).not.toMatch(/at .*\.ts:\d+/); // no stack trace
}

describe('GET /api/tutor: who may call it', () => {
  it('401 without an Authorization header', async () => {
    expectError(await getTutor(), 401, 'UNAUTHENTICATED', /bearer token is required/);
  });

  it('401 with a malformed Authorization header', async () => {
    for (const authorization of [
      'Basic bWF5YTpwdw==',
      'Bearer',
      'Bearer not-a-jwt',
      tokens.maya as string,
    ]) {
      expectError(await getTutor({ authorization }), 401, 'UNAUTHENTICATED');
    }
  });

  it('401 with an invalid or expired token', async () => {
    expectError(
      await getTutor(bearer('abc.def.ghi')),
      401,
      'UNAUTHENTICATED',
      /invalid or has expired/,
    );
    const expired = expiredCopy(tokens.maya as string);
    expectError(await getTutor(bearer(expired)), 401, 'UNAUTHENTICATED', /invalid or has expired/);
  });

  it('403 for a Google account outside the organisation domain', async () => {
    for (const token of [tokens.outsider, tokens.lookalike]) {
      expectError(
        await getTutor(bearer(token as string)),
        403,
        'PERMISSION_DENIED',
        /^Sign in with your tutoring\.example\.org account\.$/,
      );
    }
  });

  it('403 for an organisation Google account whose e-mail is not verified', async () => {
    expectError(
      await getTutor(bearer(tokens.unverified as string)),
      403,
      'PERMISSION_DENIED',
      /not verified/,
    );
  });

  it('403 for a magic (custom-token) session: tutor paths need a Google session', async () => {
    expectError(
      await getTutor(bearer(tokens.magic as string)),
      403,
      'PERMISSION_DENIED',
      /tutor sign-in/,
    );
  });

  it('403 for another sign-in method, even with an organisation e-mail', async () => {
    expectError(await getTutor(bearer(tokens.password as string)), 403, 'PERMISSION_DENIED');
  });

  it('404 for a valid organisation account that is no tutor', async () => {
    expectError(
      await getTutor(bearer(tokens.unknown as string)),
      404,
      'NOT_FOUND',
      /^We cannot find your account in our system\.$/,
    );
  });
});

describe('GET /api/tutor: the tutor from the database', () => {
  it("answers Maya's profile, her own students only, and stats from her sessions", async () => {
    const response = await getTutor(bearer(tokens.maya as string));
    expect(response.statusCode).toBe(200);
    const tutor = response.json();
    expect(validateTutor?.(tutor)).toBe(true);

    expect(tutor).toMatchObject({
      id: ids.maya,
      Tutor_ID: 'TUT-1',
      Record_ID: 'recMaya',
      First_Name: 'Maya',
      Last_Name: 'Chen',
      email: `maya.chen@${ORG}`,
      Availability: 'Monday 16:00-18:00',
      Availability_Form: 'https://forms.example.org/availability',
      hasNewAnnouncement: true,
      latestViewedAnnouncement: { id: ids.olderAnnouncement, date: '2026-03-01T09:00:00.000Z' },
      totalSessions: 7,
      minutesTutored: 465,
    });
    expect(tutor.stats).toEqual({
      currentStudents: 3,
      firstMatch: '2025-09-01T00:00:00.000Z',
      sessions: 7,
      last30DaysSessions: 4,
      tutoringHours: 7.75,
      last30DaysTutoringHours: 3.75,
      currentTitle: 'Volunteer Tutor',
      nextTitle: 'Rising Tutor',
      hoursUntilPromotion: 2.25,
      capacity: 4,
    });
    expect(tutor.weeklyAnnouncements.map((a: { title: string }) => a.title)).toEqual([
      'Newer',
      'Older',
    ]);

    const names = tutor.correspondents.map((s: { First_Name: string }) => s.First_Name);
    expect(names).toEqual(['Amara', 'Ethan', 'Sofia']);
    expect(response.body).not.toContain('Noah');
    expect(response.body).not.toContain('Unmatched');
    // The guardian's real number never leaves the server.
    expect(response.body).not.toContain('+15550100111');

    const byName = Object.fromEntries(
      tutor.correspondents.map((s: { First_Name: string }) => [s.First_Name, s]),
    );
    expect(byName.Sofia).toEqual({
      id: ids.sofia,
      Student_ID: 'STU-1',
      First_Name: 'Sofia',
      Last_Name: 'Martinez',
      Guardian_First_Name: 'Ana',
      Guardian_Last_Name: 'Martinez',
      Student_Language: '',
      Language: 'Spanish',
      District_Text: '',
      School_Text: '',
      grade: '4th',
      Program_Type: '',
      First_Matched_Date_from_Matched: '2025-09-01T00:00:00.000Z',
      Availability: '',
      Tutoring_Code: '',
      information: { 'Grade Level': '4th Grade', 'Math Tool Username': 'sofia4' },
      Math_Tool_ID: 'MT-1',
      Subject_s_: ['Math', 'Reading'],
      lastSession: 1,
      Last_Message: null,
      Last_Message_By: null,
      studentTwilio: '+15550190011',
      // No translation key on this server: the portal must not promise a translation.
      familyLanguage: { name: 'Spanish', code: 'es', translated: false },
      // No messages yet: nothing unread, nothing to preview, nothing needing the tutor.
      unreadCount: 0,
      lastMessage: null,
      needsAttention: null,
      // The family may be texted and has not asked for HELP.
      textOptOut: null,
      helpRequestedAt: null,
    });
    expect(byName.Ethan.lastSession).toBe(14);
    expect(byName.Amara.lastSession).toBeNull();
  });

  it("answers Jordan (stored with capitals) with only Jordan's student, never Maya's", async () => {
    const response = await getTutor(bearer(tokens.jordan as string));
    expect(response.statusCode).toBe(200);
    const tutor = response.json();
    expect(validateTutor?.(tutor)).toBe(true);
    expect(tutor.First_Name).toBe('Jordan');
    expect(tutor.correspondents.map((s: { id: string }) => s.id)).toEqual([ids.noah]);
    for (const name of ['Sofia', 'Ethan', 'Amara']) expect(response.body).not.toContain(name);
    expect(tutor.stats).toMatchObject({
      currentStudents: 1,
      sessions: 1,
      last30DaysSessions: 1,
      tutoringHours: 1,
      capacity: 0,
      firstMatch: null,
    });
    expect(tutor).toMatchObject({ latestViewedAnnouncement: null, Availability_Form: null });
  });

  it('sends security headers with API answers', async () => {
    const response = await getTutor(bearer(tokens.maya as string));
    expect(response.headers['content-security-policy']).toBe(
      "default-src 'none';frame-ancestors 'none'",
    );
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});
