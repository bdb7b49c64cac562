import {
  studentAna,
  studentLiam,
  studentMia,
  studentSpanishAtTenDays,
  twelveStudents,
} from '@tutoring/api/mocks/fixtures';
import type { components } from '@tutoring/api/schema';
import { describe, expect, it } from 'vitest';
import {
  inboxOrder,
  titleWithUnread,
  toConversationSummary,
  toStudentRowStudent,
  toStudentRowStudents,
  totalUnread,
} from './studentViewModel';

type Student = components['schemas']['Student'];

/** A student with no conversation state of its own: the fields below are each test's. */
const quiet: Pick<Student, 'unreadCount' | 'lastMessage' | 'needsAttention'> = {
  unreadCount: 0,
  lastMessage: null,
  needsAttention: null,
};

const withChanges = (changes: Partial<Student>): Student => ({
  ...studentLiam,
  ...quiet,
  ...changes,
});

describe('toStudentRowStudent', () => {
  it('maps every field a student row reads, and nothing else', () => {
    expect(toStudentRowStudent({ ...studentAna, ...quiet })).toEqual({
      id: 'stu-ana',
      studentCode: 'S-1042',
      firstName: 'Ana',
      lastName: 'García',
      grade: '4th',
      subjects: ['Math'],
      daysSinceLastSession: 3,
      familyLanguage: { name: 'Spanish', code: 'es', translated: false },
      guardianName: 'Lucía García',
      conversation: { unreadCount: 0, lastMessage: null, attention: null },
      textOptOut: null,
    });
  });

  it("carries the family's opt-out of texts (issue 35): when, why and the word they replied", () => {
    const replied = withChanges({
      textOptOut: { optedOutAt: '2026-11-19T03:12:00.000Z', reason: 'replied', keyword: 'Stop' },
    });
    expect(toStudentRowStudent(replied).textOptOut).toEqual({
      optedOutAt: '2026-11-19T03:12:00.000Z',
      reason: 'replied',
      keyword: 'Stop',
    });
    const refused = withChanges({
      textOptOut: { optedOutAt: '2026-11-20T16:05:00.000Z', reason: 'refused' },
    });
    expect(toStudentRowStudent(refused).textOptOut).toEqual({
      optedOutAt: '2026-11-20T16:05:00.000Z',
      reason: 'refused',
    });
    expect(toStudentRowStudent(withChanges({ textOptOut: null })).textOptOut).toBeNull();
  });

  it('speaks the product words only: no wire name (inner underscore) survives', () => {
    for (const student of twelveStudents) {
      for (const key of Object.keys(toStudentRowStudent(student))) {
        expect(key).not.toMatch(/[A-Za-z0-9]_/);
      }
    }
  });

  it('keeps the family language the server reports, translated or not, and null for English', () => {
    expect(toStudentRowStudent(studentSpanishAtTenDays).familyLanguage).toEqual({
      name: 'Spanish',
      code: 'es',
      translated: true,
    });
    expect(toStudentRowStudent(studentLiam).familyLanguage).toBeNull();
  });

  it('keeps a null last session null (no flag), and 0 and 10 as numbers', () => {
    expect(toStudentRowStudent(studentMia).daysSinceLastSession).toBeNull();
    expect(toStudentRowStudent(withChanges({ lastSession: 0 })).daysSinceLastSession).toBe(0);
    expect(toStudentRowStudent(studentSpanishAtTenDays).daysSinceLastSession).toBe(10);
    expect(toStudentRowStudent(studentLiam).daysSinceLastSession).toBe(14);
  });

  it('passes subjects on as they are: empty stays empty, blank entries are the row’s to skip', () => {
    expect(toStudentRowStudent(withChanges({ Subject_s_: [] })).subjects).toEqual([]);
    expect(toStudentRowStudent(withChanges({ Subject_s_: ['Math', ' ', ''] })).subjects).toEqual([
      'Math',
      ' ',
      '',
    ]);
    expect(toStudentRowStudent(studentLiam).subjects).toEqual(['Math', 'Reading']);
  });

  it("joins the guardian's names, leaving out a missing one; '' when neither is given", () => {
    const guardian = (first: string, last: string) =>
      toStudentRowStudent(withChanges({ Guardian_First_Name: first, Guardian_Last_Name: last }))
        .guardianName;
    expect(guardian('Grace', 'Okafor')).toBe('Grace Okafor');
    expect(guardian('Grace', '')).toBe('Grace');
    expect(guardian('', 'Okafor')).toBe('Okafor');
    expect(guardian('', '')).toBe('');
    // An older record without the fields at all (the wire type says string, the data may not).
    const { Guardian_First_Name, Guardian_Last_Name, ...withoutGuardian } = studentLiam;
    expect(toStudentRowStudent(withoutGuardian as unknown as Student).guardianName).toBe('');
  });

  it("keeps an empty grade and last name empty (the row shows 'Not given' and the first name)", () => {
    const student = toStudentRowStudent(withChanges({ grade: '', Last_Name: '' }));
    expect(student.grade).toBe('');
    expect(student.lastName).toBe('');
    expect(student.firstName).toBe('Liam');
  });
});

describe('toConversationSummary', () => {
  it("previews the tutor's own last text as 'you', with its time and photo flag", () => {
    const summary = toConversationSummary({
      ...quiet,
      lastMessage: {
        id: 'msg-9',
        from: 'tutor',
        text: 'See you Thursday',
        sentAt: '2026-03-04T14:00:00.000Z',
        deliveryStatus: 'delivered',
        hasPhoto: false,
      },
    });
    expect(summary.lastMessage).toEqual({
      from: 'you',
      text: 'See you Thursday',
      sentAt: '2026-03-04T14:00:00.000Z',
      hasPhoto: false,
    });
  });

  it("keeps the family's and the team's messages as theirs, and a photo without words", () => {
    const family = toConversationSummary({
      ...quiet,
      unreadCount: 3,
      lastMessage: {
        id: 'm',
        from: 'family',
        text: '',
        sentAt: '2026-03-04T14:00:00Z',
        hasPhoto: true,
      },
    });
    expect(family.unreadCount).toBe(3);
    expect(family.lastMessage).toMatchObject({ from: 'family', text: '', hasPhoto: true });
    const team = toConversationSummary({
      ...quiet,
      lastMessage: {
        id: 'm',
        from: 'team',
        text: 'Welcome!',
        sentAt: '2026-03-04T14:00:00Z',
        hasPhoto: false,
      },
    });
    expect(team.lastMessage?.from).toBe('team');
  });

  it('carries what needs attention, with the reason in plain words when the provider gave one', () => {
    expect(
      toConversationSummary({
        ...quiet,
        needsAttention: {
          reason: 'notDelivered',
          count: 2,
          messageId: 'msg-3',
          failure: { code: '30007', reason: 'the carrier blocked it as spam' },
        },
      }).attention,
    ).toEqual({ kind: 'notDelivered', count: 2, reason: 'the carrier blocked it as spam' });
    expect(
      toConversationSummary({
        ...quiet,
        needsAttention: { reason: 'notSent', count: 1, messageId: 'msg-4' },
      }).attention,
    ).toEqual({ kind: 'notSent', count: 1, reason: undefined });
    expect(toConversationSummary(quiet)).toEqual({
      unreadCount: 0,
      lastMessage: null,
      attention: null,
    });
  });
});

describe('inboxOrder', () => {
  const student = (id: string, state: Partial<Student>) => withChanges({ id, ...state });
  const attention = { reason: 'notDelivered' as const, count: 1, messageId: 'm' };

  it('puts the students whose texts need the tutor first, then unread replies, then the rest', () => {
    const ordered = inboxOrder([
      student('quiet-1', {}),
      student('unread', { unreadCount: 2 }),
      student('quiet-2', {}),
      student('attention', { needsAttention: attention }),
      student('attention-and-unread', { needsAttention: attention, unreadCount: 1 }),
    ]);
    expect(ordered.map(({ id }) => id)).toEqual([
      'attention',
      'attention-and-unread',
      'unread',
      'quiet-1',
      'quiet-2',
    ]);
  });

  it("keeps the server's order within each group and leaves its input alone", () => {
    const input = twelveStudents.map((each) => ({ ...each, ...quiet }));
    expect(inboxOrder(input).map(({ id }) => id)).toEqual(input.map(({ id }) => id));
    expect(toStudentRowStudents([])).toEqual([]);
  });
});

describe('totalUnread', () => {
  it("adds up every student's unread replies", () => {
    expect(totalUnread([{ unreadCount: 2 }, { unreadCount: 0 }, { unreadCount: 5 }])).toBe(7);
    expect(totalUnread([])).toBe(0);
  });
});

describe('titleWithUnread', () => {
  it('puts the unread count before the title, and nothing when there is none', () => {
    expect(titleWithUnread('Tutoring Dashboard', 3)).toBe('(3) Tutoring Dashboard');
    expect(titleWithUnread('Tutoring Dashboard', 0)).toBe('Tutoring Dashboard');
  });
});
