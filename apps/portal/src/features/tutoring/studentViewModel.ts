import type { components } from '@tutoring/api/schema';
import type { ConversationSummary } from '@tutoring/ui/components/ConversationPreview/ConversationPreview';
import type { StudentRowStudent } from '@tutoring/ui/components/StudentRow/StudentRow';
import type { FamilyTextOptOut } from '@tutoring/ui/lib/familyTexts/familyTexts';

type Student = components['schemas']['Student'];
type LastMessagePreview = components['schemas']['LastMessagePreview'];

/**
 * A correspondent of GET /tutor as a student row shows it: the api's wire names (`First_Name`,
 * `Subject_s_`, …) become the ui's product words. Only the fields the row reads are kept.
 */
export function toStudentRowStudent(student: Student): StudentRowStudent {
  return {
    id: student.id,
    studentCode: student.Student_ID,
    firstName: student.First_Name,
    lastName: student.Last_Name,
    grade: student.grade,
    subjects: student.Subject_s_,
    daysSinceLastSession: student.lastSession,
    familyLanguage: student.familyLanguage,
    guardianName: guardianName(student),
    conversation: toConversationSummary(student),
    textOptOut: toTextOptOut(student.textOptOut),
  };
}

/**
 * The family's opt-out of texts as the card and the chat say it (issue 35); null while they may
 * be texted. A student record from before the server kept it has none.
 */
export function toTextOptOut(optOut: Student['textOptOut'] | undefined): FamilyTextOptOut | null {
  if (!optOut) return null;
  const view: FamilyTextOptOut = { optedOutAt: optOut.optedOutAt, reason: optOut.reason };
  if (optOut.keyword) view.keyword = optOut.keyword;
  return view;
}

/** The conversation at a glance, from what GET /tutor says of it (the server keeps the counts). */
export function toConversationSummary(
  student: Pick<Student, 'unreadCount' | 'lastMessage' | 'needsAttention'>,
): ConversationSummary {
  const { lastMessage, needsAttention } = student;
  return {
    unreadCount: student.unreadCount,
    lastMessage: lastMessage
      ? {
          from: senderOf(lastMessage),
          text: lastMessage.text,
          sentAt: lastMessage.sentAt,
          hasPhoto: lastMessage.hasPhoto,
        }
      : null,
    attention: needsAttention
      ? {
          kind: needsAttention.reason,
          count: needsAttention.count,
          reason: needsAttention.failure?.reason,
        }
      : null,
  };
}

function senderOf(message: LastMessagePreview): 'you' | 'family' | 'team' {
  return message.from === 'tutor' ? 'you' : message.from;
}

/**
 * The inbox's order (issue 34): the students whose texts need the tutor first, then those with
 * unread replies, then the rest; within each, the server's order. A stable sort, so a card moves
 * only when its state does.
 */
export function inboxOrder<T extends Pick<Student, 'unreadCount' | 'needsAttention'>>(
  students: readonly T[],
): T[] {
  const rank = (student: T) => (student.needsAttention ? 0 : student.unreadCount > 0 ? 1 : 2);
  return [...students].sort((a, b) => rank(a) - rank(b));
}

/** The family replies the tutor has not read, over every student: the Home badge and the title. */
export function totalUnread(students: readonly Pick<Student, 'unreadCount'>[]): number {
  return students.reduce((sum, student) => sum + student.unreadCount, 0);
}

/** The tutor's students, in the inbox's order, as the student list shows them. */
export function toStudentRowStudents(students: readonly Student[]): StudentRowStudent[] {
  return inboxOrder(students).map(toStudentRowStudent);
}

/** The guardian's first and last name, whichever are given; '' when neither is. */
function guardianName(student: Pick<Student, 'Guardian_First_Name' | 'Guardian_Last_Name'>) {
  return [student.Guardian_First_Name, student.Guardian_Last_Name].filter(Boolean).join(' ');
}

/** A page title with the unread replies first, as mail and chat apps do: '(3) Tutoring Dashboard'. */
export function titleWithUnread(title: string, unread: number): string {
  return unread > 0 ? `(${unread}) ${title}` : title;
}
