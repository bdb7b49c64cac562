// What a student's card shows of the conversation (issue 34), computed from the messages as the
// server's database keeps it: the summary columns (Last_Message, Last_Message_By), the unread count
// after the tutor's read mark, the newest message's preview and what needs the tutor's attention.
// The family's text state (issue 35) is read from the same messages: a reply of an opt-out word
// (STOP …) opts them out, START opts them back in, a text refused with 21610 marks them opted out,
// and HELP is recorded. The fixtures build their students with it, and GET /tutor and the chat
// answer it from the db on every call, so a story or test never writes these fields by hand and
// they never drift.

import type { components } from '../schema';

type Schemas = components['schemas'];
type Message = Schemas['Message'];

/** The fields of a student that its conversation decides. */
export type ConversationSummary = Pick<
  Schemas['Student'],
  | 'Last_Message'
  | 'Last_Message_By'
  | 'unreadCount'
  | 'lastMessage'
  | 'needsAttention'
  | 'textOptOut'
  | 'helpRequestedAt'
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

/** Twilio's opt-out words (Advanced Opt-Out): a reply of one of them alone, in any case. */
export const OPT_OUT_WORDS = [
  'STOP',
  'STOPALL',
  'UNSUBSCRIBE',
  'CANCEL',
  'END',
  'QUIT',
  'REVOKE',
  'OPTOUT',
] as const;

/** The words that opt a family back in. */
export const OPT_IN_WORDS = ['START', 'UNSTOP', 'YES'] as const;

/** The words that ask for help (Twilio's HELP and INFO). */
export const HELP_WORDS = ['HELP', 'INFO'] as const;

/** The provider's code for a text refused because the number opted out. */
export const OPTED_OUT_CODE = '21610';

/** Whether a family's reply is exactly one of these words (trimmed, any case). */
function isKeyword(message: Message, words: readonly string[]): boolean {
  return senderOf(message) === 'family' && words.includes(message.body.trim().toUpperCase());
}

/** A text of the tutor's the provider refused because the family had opted out (21610). */
function isRefusedAsOptedOut(message: Message): boolean {
  return (
    message.isFromTutor === 'Yes' &&
    message.deliveryStatus === 'failed' &&
    message.failure?.code === OPTED_OUT_CODE
  );
}

/** One event of a family's text state, in time order. */
type TextStateEvent =
  | { at: string; kind: 'optOut'; keyword: string }
  | { at: string; kind: 'optIn' | 'help' | 'refused' };

/** The events of a conversation that move the family's text state, with any other refusals. */
function textStateEvents(messages: readonly Message[], refusedAt: readonly string[]) {
  const events: TextStateEvent[] = refusedAt.map((at) => ({ at, kind: 'refused' }));
  for (const message of messages) {
    const at = message.dateSent;
    if (isKeyword(message, OPT_OUT_WORDS)) {
      events.push({ at, kind: 'optOut', keyword: message.body.trim() });
    } else if (isKeyword(message, OPT_IN_WORDS)) events.push({ at, kind: 'optIn' });
    else if (isKeyword(message, HELP_WORDS)) events.push({ at, kind: 'help' });
    else if (isRefusedAsOptedOut(message)) {
      events.push({ at, kind: 'refused' });
    }
  }
  return events.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
}

/**
 * The family's text state, as the server keeps it from the same events in time order: the newest
 * opt-out word replied, unless an opt-in word came after it; a text refused as opted out (21610:
 * a text of the conversation that failed with it, or one of `refusedAt`, a refused send the server
 * keeps out of the conversation) while they were not already; the newest HELP.
 */
export function familyTextStateOf(
  messages: readonly Message[],
  refusedAt: readonly string[] = [],
): Pick<Schemas['Student'], 'textOptOut' | 'helpRequestedAt'> {
  let textOptOut: Schemas['FamilyTextOptOut'] | null = null;
  let helpRequestedAt: string | null = null;
  for (const event of textStateEvents(messages, refusedAt)) {
    if (event.kind === 'optOut') {
      textOptOut = { optedOutAt: event.at, reason: 'replied', keyword: event.keyword };
    } else if (event.kind === 'optIn') textOptOut = null;
    else if (event.kind === 'help') helpRequestedAt = event.at;
    else textOptOut ??= { optedOutAt: event.at, reason: 'refused' };
  }
  return { textOptOut, helpRequestedAt };
}

/** Everything a conversation (oldest first) decides of its student's card. */
export function summaryOf(
  messages: readonly Message[],
  readMark: string | undefined,
  refusedAt: readonly string[] = [],
): ConversationSummary {
  const last = messages.at(-1);
  return {
    Last_Message: last ? last.body : null,
    Last_Message_By: last ? LAST_MESSAGE_BY[senderOf(last)] : null,
    unreadCount: unreadCountOf(messages, readMark),
    lastMessage: last ? previewOf(last) : null,
    needsAttention: needsAttentionOf(messages),
    ...familyTextStateOf(messages, refusedAt),
  };
}

/** The student with what its conversation decides (keeping the rest of the record's own types). */
export function withSummary<Student extends StudentRecord>(
  student: Student,
  messages: readonly Message[],
  readMark: string | undefined,
  refusedAt: readonly string[] = [],
): Omit<Student, keyof ConversationSummary> & ConversationSummary {
  return { ...student, ...summaryOf(messages, readMark, refusedAt) };
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
