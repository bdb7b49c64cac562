// What the fixtures promise the stories: each state they are named after is really in the data.
import { describe, expect, it } from 'vitest';
import { createMockDb } from './mocks/db';
import * as fixtures from './mocks/fixtures';
import {
  actionItemsFull,
  applicantAllTasksDone,
  applicantMatched,
  applicantNoTasksDone,
  applicantOneTaskDone,
  applicantReadyToTutor,
  applicantTwoTasksDone,
  applicantWithLongNameAndEmail,
  applicantWithoutInterview,
  applicantWithUnrecognisedAvailability,
  conversationWithDateGroups,
  fixtureNow,
  type LearningHubScenario,
  learningHubScenarios,
  learningPathwaysByStudentId,
  longConversation,
  messagesByStudentId,
  onboardingTutorSam,
  portalAnnouncementsFull,
  readAnnouncementIdsFull,
  readMarksByStudentId,
  scenarios,
  studentSpanishAtTenDays,
  studentWithLongNamesAndSessionGap,
  tutorAtHighestTitle,
  tutorJordan,
  tutorMaya,
  tutorWithNoStudents,
  tutorWithTwelveStudents,
  weeklyAnnouncementsFull,
} from './mocks/fixtures';
import type { MockDbSeed } from './mocks/types';
import type { components } from './schema';

type Schemas = components['schemas'];

const tutors = [
  tutorMaya,
  tutorJordan,
  tutorWithNoStudents,
  tutorWithTwelveStudents,
  tutorAtHighestTitle,
];
const allStudents = tutors.flatMap((tutor) => tutor.correspondents);
const conversations: Record<string, Schemas['Message'][]> = messagesByStudentId;
const pathways: Record<string, Schemas['LearningPathway']> = learningPathwaysByStudentId;

/** The calendar day of an instant in a time zone, as a day number. */
function dayNumber(iso: string, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(iso));
  return Date.parse(`${parts}T00:00:00Z`) / 86_400_000;
}

/** The chat's date-group label of §2 (the rule of the ui's messageDateLabel), in a time zone. */
function dateGroupLabel(iso: string, timeZone: string): string {
  const daysAgo = dayNumber(fixtureNow, timeZone) - dayNumber(iso, timeZone);
  if (daysAgo <= 0) return 'Today';
  if (daysAgo === 1) return 'Yesterday';
  if (daysAgo < 7) return 'weekday';
  return 'full date';
}

/** The fields that say when something is still to come: a held text's, the quiet hours' end. */
const FUTURE_FIELDS = new Set(['scheduledFor', 'holdTextsUntil']);
/** A texted code's expiry: still to come, or past (a scenario's code has expired). */
const EITHER_FIELDS = new Set(['expiresAt']);

describe('the fixed clock', () => {
  it('is Friday 20 November 2026, 18:00 UTC', () => {
    expect(fixtureNow).toBe('2026-11-20T18:00:00.000Z');
    for (const timeZone of ['UTC', 'America/Los_Angeles', 'Europe/Berlin']) {
      expect(
        new Intl.DateTimeFormat('en-US', { weekday: 'long', timeZone }).format(
          new Date(fixtureNow),
        ),
      ).toBe('Friday');
    }
  });

  /** Every date of the fixtures, by whether its field says when something is still to come. */
  const fixtureDates = () => {
    const past: string[] = [];
    const future: string[] = [];
    const walk = (value: unknown, key = ''): void => {
      if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value)) {
        if (FUTURE_FIELDS.has(key)) future.push(value);
        else if (!EITHER_FIELDS.has(key)) past.push(value);
      } else if (Array.isArray(value)) {
        for (const item of value) walk(item, key);
      } else if (value && typeof value === 'object') {
        for (const [name, item] of Object.entries(value)) walk(item, name);
      }
    };
    walk(Object.entries(fixtures).filter(([name]) => name !== 'fixtureNow'));
    return { past, future };
  };

  it('comes after every date of every fixture, but those of what is still to come', () => {
    const { past } = fixtureDates();
    expect(past.length).toBeGreaterThan(100);
    expect(past.filter((date) => Date.parse(date) > Date.parse(fixtureNow))).toEqual([]);
  });

  it("comes before every held text's time and the end of the families' quiet hours", () => {
    const { future } = fixtureDates();
    expect(future.length).toBeGreaterThanOrEqual(2);
    expect(future.filter((date) => Date.parse(date) <= Date.parse(fixtureNow))).toEqual([]);
  });
});

describe('conversations', () => {
  it.each(['UTC', 'America/Los_Angeles', 'America/New_York', 'Europe/Berlin'])(
    "Ana's has the date groups full date, weekday, Yesterday, Today in %s",
    (timeZone) => {
      const labels = conversationWithDateGroups.map((m) => dateGroupLabel(m.dateSent, timeZone));
      expect([...new Set(labels)]).toEqual(['full date', 'weekday', 'Yesterday', 'Today']);
    },
  );

  it("Ana's has the guardian's messages ('activity') and admin messages", () => {
    const fromFamily = conversationWithDateGroups.filter((m) => m.isFromTutor === 'No');
    expect(fromFamily.some((m) => m.messageType === 'activity')).toBe(true);
    expect(fromFamily.some((m) => m.messageType !== 'activity')).toBe(true);
  });

  it('the long one has 40+ messages over several weeks, texts of several lines and a URL', () => {
    expect(longConversation.length).toBeGreaterThanOrEqual(40);
    const first = Date.parse(longConversation[0]?.dateSent ?? '');
    const last = Date.parse(longConversation.at(-1)?.dateSent ?? '');
    expect((last - first) / 86_400_000).toBeGreaterThanOrEqual(21);
    expect(longConversation.some((m) => m.body.split('\n').length >= 5)).toBe(true);
    expect(longConversation.some((m) => /https:\/\/\S+/.test(m.body))).toBe(true);
  });

  it('one is empty', () => {
    expect(conversations[fixtures.studentMia.id]).toEqual([]);
  });

  it('are oldest first, with unique ids', () => {
    const all = Object.values(conversations).flat();
    expect(new Set(all.map((m) => m.id)).size).toBe(all.length);
    for (const messages of Object.values(conversations)) {
      const times = messages.map((m) => Date.parse(m.dateSent));
      expect(times).toEqual([...times].sort((a, b) => a - b));
    }
  });

  it("end with each student's Last_Message, by whom the server would say", () => {
    for (const student of allStudents) {
      const last = conversations[student.id]?.at(-1);
      const by = !last
        ? null
        : last.isFromTutor === 'Yes'
          ? 'Tutor'
          : last.messageType === 'activity'
            ? 'Guardian'
            : 'Admin';
      expect([student.id, student.Last_Message, student.Last_Message_By]).toEqual([
        student.id,
        last?.body ?? null,
        by,
      ]);
    }
  });
});

describe('tutors', () => {
  it('count their students in the stats, and no two students share an id', () => {
    for (const tutor of tutors) {
      expect(tutor.stats.currentStudents).toBe(tutor.correspondents.length);
    }
    expect(new Set(allStudents.map((s) => s.id)).size).toBe(allStudents.length);
  });

  it("Maya has a 'No session in N days' student, a Spanish-language family and one without a session", () => {
    const students = tutorMaya.correspondents;
    expect(students.some((s) => (s.lastSession ?? 0) > 10)).toBe(true);
    expect(students.some((s) => s.Language === 'Spanish')).toBe(true);
    expect(students.some((s) => s.lastSession === null)).toBe(true);
    expect(tutorMaya.hasNewAnnouncement).toBe(true);
  });

  it('Jordan has no availability form and one student; Rosa none', () => {
    expect(tutorJordan.Availability_Form).toBeNull();
    expect(tutorJordan.correspondents).toHaveLength(1);
    expect(tutorWithNoStudents.correspondents).toEqual([]);
  });

  it('Daniel has twelve students with long names and long subject lists', () => {
    const students = tutorWithTwelveStudents.correspondents;
    expect(students).toHaveLength(12);
    const longest = Math.max(...students.map((s) => `${s.First_Name} ${s.Last_Name}`.length));
    expect(longest).toBeGreaterThanOrEqual(35);
    expect(students.some((s) => s.Last_Name.includes('-'))).toBe(true);
    expect(students.some((s) => s.Subject_s_.length >= 4)).toBe(true);
    expect(students.flatMap((s) => s.Subject_s_)).toContain(
      'Pre-Algebra and Foundations of Mathematical Reasoning',
    );
  });

  it("Priya's hours until promotion are 'N/A'", () => {
    expect(tutorAtHighestTitle.stats.hoursUntilPromotion).toBeNull();
    expect(tutorAtHighestTitle.stats.nextTitle).toBeNull();
  });
});

describe("families' languages", () => {
  const everyStudent = [...allStudents, studentSpanishAtTenDays, studentWithLongNamesAndSessionGap];

  it('follow Language as the server does: an English-speaking guardian gets no other language', () => {
    for (const student of everyStudent) {
      const expected = student.Language === 'Spanish' ? 'Spanish' : null;
      expect([student.id, student.familyLanguage?.name ?? null]).toEqual([student.id, expected]);
    }
    // A Spanish-speaking student whose guardian reads English.
    expect(
      allStudents.some((s) => s.Student_Language === 'Spanish' && s.familyLanguage === null),
    ).toBe(true);
  });

  it("are translated for Carla's family and not for Ana's", () => {
    expect(studentSpanishAtTenDays.familyLanguage).toEqual({
      name: 'Spanish',
      code: 'es',
      translated: true,
    });
    expect(fixtures.studentAna.familyLanguage).toEqual({
      name: 'Spanish',
      code: 'es',
      translated: false,
    });
  });

  it("Carla's chat has translated texts both ways, and no translation on the admins'", () => {
    const chat = fixtures.conversationTranslated;
    expect(chat.some((m) => m.isFromTutor === 'Yes' && m.translation?.languageCode === 'es')).toBe(
      true,
    );
    expect(chat.some((m) => m.isFromTutor === 'No' && m.translation !== undefined)).toBe(true);
    expect(chat.filter((m) => m.messageType !== 'activity').every((m) => !m.translation)).toBe(
      true,
    );
    const maya = fixtures.scenarios.familyTranslated.tutor;
    expect(maya.correspondents.map((s) => s.id)).toContain(studentSpanishAtTenDays.id);
    expect(maya.stats.currentStudents).toBe(maya.correspondents.length);
    expect(chat.at(-1)?.body).toBe(studentSpanishAtTenDays.Last_Message);
  });
});

describe('the inbox', () => {
  type Student = Schemas['Student'];
  const studentsOf = (seed: MockDbSeed): Record<string, Student> =>
    Object.fromEntries((createMockDb(seed).tutor?.correspondents ?? []).map((s) => [s.id, s]));
  const unreadOf = (students: Record<string, Student>) =>
    Object.fromEntries(
      Object.values(students)
        .filter((s) => s.unreadCount > 0)
        .map((s) => [s.id, s.unreadCount]),
    );
  const attentionOf = (students: Record<string, Student>) =>
    Object.fromEntries(
      Object.values(students)
        .filter((s) => s.needsAttention)
        .map((s) => [s.id, s.needsAttention?.reason]),
    );

  it("of the fixture tutors: one unread reply (Ana's family's), nothing needing attention", () => {
    const students = Object.fromEntries(allStudents.map((s) => [s.id, s]));
    expect(unreadOf(students)).toEqual({ 'stu-ana': 1 });
    expect(attentionOf(students)).toEqual({});
    expect(studentSpanishAtTenDays.unreadCount).toBe(0);
  });

  it('is what the conversations decide: the fixture students are those the db makes', () => {
    const seeds: MockDbSeed[] = [{}, scenarios.tutorWithTwelveStudents, scenarios.familyTranslated];
    for (const seed of seeds) {
      const made = createMockDb(seed).tutor?.correspondents;
      const given = seed.tutor?.correspondents ?? tutorMaya.correspondents;
      expect(made).toEqual(given);
    }
  });

  it('read marks each name a message of their conversation', () => {
    const marks: Record<string, string> = readMarksByStudentId;
    for (const [studentId, messageId] of Object.entries(marks)) {
      expect([studentId, conversations[studentId]?.some((m) => m.id === messageId)]).toEqual([
        studentId,
        true,
      ]);
    }
    for (const [name, seed] of Object.entries(scenarios)) {
      const db = createMockDb(seed);
      for (const [studentId, messageId] of Object.entries(db.readMarks)) {
        const found = db.conversations[studentId]?.some((m) => m.id === messageId) ?? true;
        expect([name, studentId, found]).toEqual([name, studentId, true]);
      }
    }
  });

  it("scenarios' conversations are oldest first, with ids unique across them, pictures too", () => {
    for (const [name, seed] of Object.entries(scenarios)) {
      const db = createMockDb(seed);
      const all = Object.values(db.conversations).flat();
      expect([name, new Set(all.map((m) => m.id)).size]).toEqual([name, all.length]);
      const media = all.flatMap((m) => m.media ?? []).map((p) => p.id);
      expect([name, new Set(media).size]).toEqual([name, media.length]);
      for (const messages of Object.values(db.conversations)) {
        const times = messages.map((m) => Date.parse(m.dateSent));
        expect([name, times]).toEqual([name, [...times].sort((a, b) => a - b)]);
      }
    }
  });

  it('scenarios that give a tutor give its students as their conversations decide', () => {
    for (const [name, seed] of Object.entries(scenarios)) {
      if (!('tutor' in seed) || !seed.tutor || !('conversations' in seed)) continue;
      expect([name, createMockDb(seed).tutor?.correspondents]).toEqual([
        name,
        seed.tutor.correspondents,
      ]);
    }
  });

  it('noMessages: no previews, nothing unread', () => {
    for (const student of Object.values(studentsOf(scenarios.noMessages))) {
      expect(student).toEqual(
        expect.objectContaining({ lastMessage: null, unreadCount: 0, needsAttention: null }),
      );
    }
  });

  it('unreadReplies: two unread replies from one family, three in all', () => {
    expect(unreadOf(studentsOf(scenarios.unreadReplies))).toEqual({ 'stu-ana': 1, 'stu-liam': 2 });
  });

  it('textNotDeliveredAsSpam: one text blocked as spam (30007), the newest message', () => {
    const liam = studentsOf(scenarios.textNotDeliveredAsSpam)['stu-liam'];
    expect(liam?.needsAttention).toEqual(
      expect.objectContaining({ reason: 'notDelivered', count: 1, failure: expect.any(Object) }),
    );
    expect(liam?.needsAttention?.failure?.code).toBe('30007');
    expect(liam?.lastMessage).toEqual(
      expect.objectContaining({ from: 'tutor', deliveryStatus: 'failed' }),
    );
  });

  it('textsNotDeliveredUnreachable: two texts to an unreachable phone (30003), nothing unread', () => {
    const students = studentsOf(scenarios.textsNotDeliveredUnreachable);
    expect(students['stu-ana']?.needsAttention).toEqual(
      expect.objectContaining({ reason: 'notDelivered', count: 2 }),
    );
    expect(students['stu-ana']?.needsAttention?.failure?.code).toBe('30003');
    expect(unreadOf(students)).toEqual({});
  });

  it('textNotSentUntranslated: a text to a translated family not sent, without a failure', () => {
    const students = studentsOf(scenarios.textNotSentUntranslated);
    expect(students[studentSpanishAtTenDays.id]?.needsAttention).toEqual({
      reason: 'notSent',
      count: 1,
      messageId: 'msg-carla-6',
    });
    expect(scenarios.textNotSentUntranslated.tutor.hasNewAnnouncement).toBe(false);
  });

  it('longMessagePreviews: a reply of several hundred characters (unread) and a long text', () => {
    const students = studentsOf(scenarios.longMessagePreviews);
    expect(students['stu-ana']?.lastMessage?.text.length).toBeGreaterThanOrEqual(400);
    expect(students['stu-ana']?.unreadCount).toBe(1);
    expect(students['stu-liam']?.lastMessage?.from).toBe('tutor');
    expect(students['stu-liam']?.lastMessage?.text.length).toBeGreaterThanOrEqual(300);
  });

  it('photoFromFamily: a photo with words, then one without (the newest), both unread', () => {
    const db = createMockDb(scenarios.photoFromFamily);
    const [withWords, alone] = db.conversations['stu-liam']?.slice(-2) ?? [];
    expect(withWords?.media).toHaveLength(1);
    expect(withWords?.body).not.toBe('');
    expect(alone?.media).toHaveLength(1);
    expect(alone?.body).toBe('');
    expect(studentsOf(scenarios.photoFromFamily)['stu-liam']).toEqual(
      expect.objectContaining({
        unreadCount: 2,
        lastMessage: expect.objectContaining({ hasPhoto: true, text: '' }),
      }),
    );
  });

  it('replyNotTranslated: the newest reply of a translated family has no English', () => {
    const db = createMockDb(scenarios.replyNotTranslated);
    const reply = db.conversations[studentSpanishAtTenDays.id]?.at(-1);
    expect(reply).toEqual(expect.objectContaining({ isFromTutor: 'No', notTranslated: true }));
    expect(reply?.translation).toBeUndefined();
    expect(studentsOf(scenarios.replyNotTranslated)[studentSpanishAtTenDays.id]?.unreadCount).toBe(
      1,
    );
  });

  it('inboxWithTwelveStudents: twelve students in every state at once', () => {
    const students = studentsOf(scenarios.inboxWithTwelveStudents);
    expect(Object.keys(students)).toHaveLength(12);
    expect(unreadOf(students)).toEqual({ 'stu-sofia': 2, 'stu-chloe': 1, 'stu-lily': 1 });
    expect(attentionOf(students)).toEqual({
      'stu-ethan': 'notDelivered',
      'stu-zara': 'notDelivered',
      'stu-mateo': 'notSent',
    });
    expect(students['stu-ethan']?.needsAttention?.failure?.code).toBe('30007');
    expect(students['stu-zara']?.needsAttention?.failure?.code).toBe('30003');
    expect(students['stu-chloe']?.lastMessage?.hasPhoto).toBe(true);
    expect(students['stu-jamal']?.lastMessage).toBeNull();
    expect(students['stu-kwame']?.lastMessage?.from).toBe('team');
    expect(students['stu-hana']?.lastMessage?.text.length).toBeGreaterThanOrEqual(200);
    expect(students['stu-isabella']?.lastMessage?.deliveryStatus).toBe('sent');
  });
});

describe('students outside every tutor', () => {
  it('the Spanish-speaking one is at exactly 10 days, the edge of the flag', () => {
    expect(studentSpanishAtTenDays.Language).toBe('Spanish');
    expect(studentSpanishAtTenDays.lastSession).toBe(10);
  });

  it('the one with long names is Spanish-speaking, flagged and has long words and subjects', () => {
    const student = studentWithLongNamesAndSessionGap;
    expect(student.Language).toBe('Spanish');
    expect(student.lastSession).toBeGreaterThan(10);
    const words = [student.First_Name, student.Last_Name, student.Guardian_Last_Name];
    expect(Math.max(...words.map((word) => word.length))).toBeGreaterThanOrEqual(25);
    expect(student.Subject_s_.length).toBeGreaterThanOrEqual(3);
  });

  it('share no id with the students of the tutors', () => {
    const ids = allStudents.map((s) => s.id);
    expect(ids).not.toContain(studentSpanishAtTenDays.id);
    expect(ids).not.toContain(studentWithLongNamesAndSessionGap.id);
  });
});

describe('announcements and tasks', () => {
  it('the full Updates list has 8-10 announcements with links, lists and unread ones', () => {
    expect(portalAnnouncementsFull.length).toBeGreaterThanOrEqual(8);
    expect(portalAnnouncementsFull.length).toBeLessThanOrEqual(10);
    const html = portalAnnouncementsFull.map((a) => a.message).join('');
    expect(html).toMatch(/<a href="https:/);
    expect(html).toMatch(/<a href="(?!https?:)/);
    expect(html).toMatch(/<(ul|ol)>/);
    expect(portalAnnouncementsFull.length - readAnnouncementIdsFull.length).toBeGreaterThan(0);
    const ids = portalAnnouncementsFull.map((a) => a.id);
    expect(readAnnouncementIdsFull.every((id) => ids.includes(id))).toBe(true);
  });

  it('the full Tasks list has 10+ items: open, automatic, completed, URLs to prefix and truncate', () => {
    expect(actionItemsFull.length).toBeGreaterThanOrEqual(10);
    expect(actionItemsFull.some((i) => !i.Completed && !i.Automatic_Completion)).toBe(true);
    expect(actionItemsFull.some((i) => !i.Completed && i.Automatic_Completion)).toBe(true);
    expect(actionItemsFull.some((i) => i.Completed)).toBe(true);
    expect(actionItemsFull.some((i) => i.URL && !/^https?:\/\//.test(i.URL))).toBe(true);
    expect(actionItemsFull.some((i) => (i.URL ?? '').length > 50)).toBe(true);
    expect(actionItemsFull.some((i) => i.URL === null)).toBe(true);
  });

  it('the newest weekly announcement is newer than what Maya last viewed', () => {
    const newest = Math.max(...weeklyAnnouncementsFull.map((a) => Date.parse(a.created_at)));
    expect(newest).toBeGreaterThan(Date.parse(tutorMaya.latestViewedAnnouncement.date));
  });
});

/** §4/§5: the tasks an applicant has done (Waiver, Training, Background Check, Availability). */
function tasksDone(applicant: Schemas['OnboardingTutor']): number {
  const entry =
    /^(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday) ([01][0-9]|2[0-3]):[0-5][0-9]-([01][0-9]|2[0-3]):[0-5][0-9]$/;
  const availability = applicant.availability.split(/[;,]/).map((part) => part.trim());
  return [
    applicant.waiver,
    applicant.workbookCompleted,
    applicant.backgroundCheck,
    availability.every((part) => entry.test(part)),
  ].filter(Boolean).length;
}

describe('applicants', () => {
  it.each([
    ['applicantNoTasksDone', applicantNoTasksDone, 0, 'Application Accepted'],
    ['applicantOneTaskDone', applicantOneTaskDone, 1, 'Application Accepted'],
    ['applicantTwoTasksDone', applicantTwoTasksDone, 2, 'Application Accepted'],
    ['applicantAllTasksDone', applicantAllTasksDone, 4, 'Application Accepted'],
    [
      'applicantWithUnrecognisedAvailability',
      applicantWithUnrecognisedAvailability,
      2,
      'Application Accepted',
    ],
    ['applicantWithoutInterview', applicantWithoutInterview, 0, ''],
    ['applicantWithLongNameAndEmail', applicantWithLongNameAndEmail, 1, 'Application Accepted'],
    ['applicantReadyToTutor', applicantReadyToTutor, 4, 'Ready to Tutor'],
    ['applicantMatched', applicantMatched, 4, 'Matched'],
  ] as const)('%s has %i tasks done and status "%s"', (_name, applicant, done, status) => {
    expect(tasksDone(applicant)).toBe(done);
    expect(applicant.status).toBe(status);
  });

  it('Sam Rivera is the default, with one task done', () => {
    expect(applicantOneTaskDone).toBe(onboardingTutorSam);
  });

  it('the one with a long name and e-mail has them long, and the e-mail has no space', () => {
    const { firstName, lastName, email } = applicantWithLongNameAndEmail;
    expect(`${firstName} ${lastName}`.length).toBeGreaterThanOrEqual(30);
    expect(email.length).toBeGreaterThanOrEqual(50);
    expect(email).not.toMatch(/\s/);
  });

  it('only the one without an interview has no interview date; the matched one has a student', () => {
    const all = [
      applicantNoTasksDone,
      applicantOneTaskDone,
      applicantTwoTasksDone,
      applicantAllTasksDone,
      applicantWithUnrecognisedAvailability,
      applicantWithLongNameAndEmail,
      applicantReadyToTutor,
      applicantMatched,
    ];
    expect(all.every((a) => a.interviewDate !== null)).toBe(true);
    expect(applicantWithoutInterview.interviewDate).toBeNull();
    expect(applicantMatched.correspondents.length).toBeGreaterThan(0);
  });
});

describe('pathways', () => {
  it("have each assessment result, a 'First Sessions' pathway, with and without a next unit", () => {
    const all = Object.values(pathways);
    expect(new Set(all.map((p) => p.Assessment_result))).toEqual(new Set(['', 'Failed', 'Passed']));
    expect(all.some((p) => p.Pathway_Name.endsWith('First Sessions'))).toBe(true);
    expect(all.some((p) => p.Next_Pre_Assessment_URL === null)).toBe(true);
    expect(all.some((p) => p.Next_Pre_Assessment_URL !== null)).toBe(true);
  });

  it('belong to a student of some tutor, whose name and grade they carry', () => {
    for (const [studentId, pathway] of Object.entries(pathways)) {
      const student = allStudents.find((s) => s.id === studentId);
      expect(pathway.student_obj).toEqual({
        First_Name: student?.First_Name,
        grade: student?.grade,
      });
    }
  });

  it('leave students without one in every grade from 3rd to 7th (and 8th)', () => {
    const grades = allStudents.filter((s) => !pathways[s.id]).map((s) => s.grade);
    for (const grade of ['3rd', '4th', '5th', '6th', '7th', '8th']) expect(grades).toContain(grade);
  });
});

describe('learning hub scenarios', () => {
  const pathwayOf = (name: keyof typeof learningHubScenarios) =>
    pathways[learningHubScenarios[name].studentId] ?? null;
  const studentOf = (name: keyof typeof learningHubScenarios) => {
    const { seed, studentId }: LearningHubScenario = learningHubScenarios[name];
    const tutor = seed.tutor === undefined ? tutorMaya : seed.tutor;
    return tutor?.correspondents.find((s) => s.id === studentId);
  };

  it('each names a student of its tutor (but the one that must not), with a matching pathway', () => {
    for (const name of Object.keys(learningHubScenarios) as Array<
      keyof typeof learningHubScenarios
    >) {
      const student = studentOf(name);
      if (name === 'notTheTutorsStudent') {
        expect(student).toBeUndefined();
        continue;
      }
      expect(student, name).toBeDefined();
      const pathway = pathwayOf(name);
      if (pathway)
        expect(pathway.student_obj, name).toEqual({
          First_Name: student?.First_Name,
          grade: student?.grade,
        });
    }
  });

  it('show the states they are named after', () => {
    expect(pathwayOf('noResultYet')).toMatchObject({ Assessment_result: '' });
    expect(pathwayOf('failedFirstSessions')?.Pathway_Name).toMatch(/First Sessions$/);
    expect(pathwayOf('failedFirstSessions')).toMatchObject({
      Assessment_result: 'Failed',
      Next_Pre_Assessment_URL: null,
    });
    expect(pathwayOf('passed')).toMatchObject({ Assessment_result: 'Passed' });
    expect(pathwayOf('passed')?.Next_Pre_Assessment_URL).toMatch(/^https:/);
    expect(pathwayOf('passedWithoutNextUnit')).toMatchObject({
      Assessment_result: 'Passed',
      Next_Pre_Assessment_URL: null,
    });
    expect(pathwayOf('failedWithNextUnit')).toMatchObject({ Assessment_result: 'Failed' });
    expect(pathwayOf('failedWithNextUnit')?.Next_Pre_Assessment_URL).toMatch(/^https:/);
    expect(pathwayOf('noPostAssessment')).toMatchObject({
      Assessment_result: '',
      Post_Assessment: null,
    });
    expect(pathwayOf('noPostAssessment')?.Next_Pre_Assessment_URL).toMatch(/^https:/);
    const all = pathwayOf('allLessonsCompleted');
    expect(
      [...(all?.Lessons ?? []), ...(all?.Additional_lessons ?? [])].every(
        (lesson) => all?.completed_lessons[lesson.id],
      ),
    ).toBe(true);
  });

  it('have students without a pathway in every grade from 3rd to 8th', () => {
    const grades = (['3rd', '4th', '5th', '6th', '7th', '8th'] as const).map((grade) => {
      const name = `noPathway${grade}Grade` as keyof typeof learningHubScenarios;
      expect(pathwayOf(name), name).toBeNull();
      return studentOf(name)?.grade;
    });
    expect(grades).toEqual(['3rd', '4th', '5th', '6th', '7th', '8th']);
  });
});
