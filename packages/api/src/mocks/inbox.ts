// What a student's card shows of the conversation (issue 34), computed from the messages as the
// server's database keeps it: the summary columns (Last_Message, Last_Message_By), the unread count
// after the tutor's read mark, the newest message's preview and what needs the tutor's attention.
// The fixtures build their students with it, and GET /tutor and the chat answer it from the db on
// every call, so a story or test never writes these fields by hand and they never drift.

import type { components } from '../schema';

type Schemas = components['schemas'];
type Message = Schemas['Message'];

/** The fields of a student that its conversation decides. */
export type ConversationSummary = Pick<
  Schemas['Student'],
  'Last_Message' | 'Last_Message_By' | 'unreadCount' | 'lastMessage' | 'needsAttention'
>;

/** A student as a fixture writes it: everything its conversation does not decide. */
export type StudentRecord = Omit<Schemas['Student'], keyof ConversationSummary>;

/** Twilio's error codes a tutor is told about in plain words (the server's own wording). */
const FAILURE_REASONS = new Map([
  ['30003', 'the phone was unreachable'],
  ['30005', 'the number is unknown or no longer in service'],
  ['30006', 'it is a landline or the carrier cannot reach it'],
  ['30007', 'the carrier blocked it as spam'],
  ['21610', 'the family has opted out of texts'],
  ['21614', 'it is not a mobile number'],
]);

/** Why a text was not delivered, from the provider's error code. */
export function deliveryFailure(code: string): Schemas['DeliveryFailure'] {
  return { code, reason: FAILURE_REASONS.get(code) ?? `the carrier refused it (code ${code})` };
}

/** Who wrote a message: the tutor, the family (their 'activity' replies) or the organisation. */
export function senderOf(message: Message): Schemas['LastMessagePreview']['from'] {
  if (message.isFromTutor === 'Yes') return 'tutor';
  return message.messageType === 'activity' ? 'family' : 'team';
}

const LAST_MESSAGE_BY = { tutor: 'Tutor', family: 'Guardian', team: 'Admin' } as const;

/**
 * The family's replies after the message `readMark` names (the newest the tutor has seen); every
 * reply when there is no mark, or when the mark is not in this conversation.
 */
export function unreadCountOf(messages: readonly Message[], readMark: string | undefined): number {
  const seen = readMark === undefined ? -1 : messages.findIndex((m) => m.id === readMark);
  return messages.filter((message, index) => index > seen && senderOf(message) === 'family').length;
}

/** The dashboard's preview of a message: the English a reply was translated into, if any. */
export function previewOf(message: Message): Schemas['LastMessagePreview'] {
  const from = senderOf(message);
  return {
    id: message.id,
    from,
    text: from === 'family' ? (message.translation?.text ?? message.body) : message.body,
    sentAt: message.dateSent,
    ...(from === 'tutor' && message.deliveryStatus
      ? { deliveryStatus: message.deliveryStatus }
      : {}),
    hasPhoto: (message.media?.length ?? 0) > 0,
  };
}

/** Why one of the tutor's texts needs the tutor, if it does. */
function attentionReason(message: Message): Schemas['NeedsAttention']['reason'] | undefined {
  if (message.isFromTutor !== 'Yes') return undefined;
  switch (message.deliveryStatus) {
    case 'undelivered':
    case 'failed':
      return 'notDelivered';
    case 'untranslated':
      return 'notSent';
    default:
      return undefined;
  }
}

/** The tutor's texts not delivered or not sent: the newest one's reason, and how many. */
export function needsAttentionOf(messages: readonly Message[]): Schemas['NeedsAttention'] | null {
  const waiting = messages.filter((message) => attentionReason(message) !== undefined);
  const newest = waiting.at(-1);
  const reason = newest && attentionReason(newest);
  if (!newest || !reason) return null;
  return {
    reason,
    count: waiting.length,
    messageId: newest.id,
    ...(reason === 'notDelivered' && newest.failure ? { failure: { ...newest.failure } } : {}),
  };
}

/** Everything a conversation (oldest first) decides of its student's card. */
export function summaryOf(
  messages: readonly Message[],
  readMark: string | undefined,
): ConversationSummary {
  const last = messages.at(-1);
  return {
    Last_Message: last ? last.body : null,
    Last_Message_By: last ? LAST_MESSAGE_BY[senderOf(last)] : null,
    unreadCount: unreadCountOf(messages, readMark),
    lastMessage: last ? previewOf(last) : null,
    needsAttention: needsAttentionOf(messages),
  };
}

/** The student with what its conversation decides (keeping the rest of the record's own types). */
export function withSummary<Student extends StudentRecord>(
  student: Student,
  messages: readonly Message[],
  readMark: string | undefined,
): Omit<Student, keyof ConversationSummary> & ConversationSummary {
  return { ...student, ...summaryOf(messages, readMark) };
}

/**
 * The messages as the chat answers them: a family's reply with no English, from a family whose
 * texts are translated, is marked `notTranslated` (the mock translates no reply after the fact).
 */
export function asShown(
  messages: readonly Message[],
  student: Pick<StudentRecord, 'familyLanguage'>,
): Message[] {
  if (!student.familyLanguage?.translated) return [...messages];
  return messages.map((message) =>
    senderOf(message) === 'family' && !message.translation
      ? { ...message, notTranslated: true }
      : message,
  );
}
