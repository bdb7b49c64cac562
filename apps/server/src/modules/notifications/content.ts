// The words of a notification: which conversations wait for the tutor, the first words of each
// family's reply (its English where the chat shows a translation), why a text was not delivered or
// not sent (the chat's own words, delivery-failure.ts), and a link straight to each chat. The
// e-mail has a text part and an HTML part of the same words, no images and nothing that tracks;
// a text says it in one message.
import { escapeHtml } from '../../providers/mail.ts';
import { failureReasonOf, isProviderErrorCode } from '../messages/delivery-failure.ts';
import { languageName } from '../messages/family-language.ts';

/** The portal's notification settings page (the e-mails link to it). */
export const NOTIFICATION_SETTINGS_PATH = '/tutoring/settings';

/** The chat with a student's family: the portal's route, reached through sign-in. */
export function chatPath(studentId: string): string {
  return `/tutoring/messenger/${encodeURIComponent(studentId)}`;
}

/** One message a notification tells of. */
export interface NotifiedMessage {
  studentId: string;
  studentName: string;
  fromTutor: boolean;
  body: string;
  translatedBody: string | null;
  translationLanguage: string | null;
  deliveryStatus: string;
  errorCode: string | null;
  mediaCount: number;
  sentAt: Date;
}

/** What a notification tells of one conversation. */
interface Conversation {
  studentId: string;
  studentName: string;
  replies: NotifiedMessage[];
  failures: NotifiedMessage[];
}

export interface NotificationContent {
  subject: string;
  text: string;
  html: string;
  /** The same, as one text message. */
  sms: string;
}

const PREVIEW_CHARACTERS = 120;

/** The first words of a reply as the chat shows it (its English where there is one). */
export function firstWords(
  message: Pick<NotifiedMessage, 'body' | 'translatedBody' | 'mediaCount'>,
) {
  const words = (message.translatedBody ?? message.body).replace(/\s+/g, ' ').trim();
  if (!words) return message.mediaCount > 0 ? '(a photo)' : '';
  if (words.length <= PREVIEW_CHARACTERS) return words;
  const cut = words.slice(0, PREVIEW_CHARACTERS);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > 60 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

/** Why a text of the tutor's did not reach the family, completing "Your text to … ". */
export function failureText(
  message: Pick<NotifiedMessage, 'deliveryStatus' | 'errorCode' | 'translationLanguage'>,
) {
  if (message.deliveryStatus === 'untranslated') {
    const language = message.translationLanguage ? languageName(message.translationLanguage) : '';
    return `was not sent: it could not be translated${language ? ` into ${language}` : ''}`;
  }
  const code = message.errorCode;
  return code && isProviderErrorCode(code)
    ? `was not delivered: ${failureReasonOf(code)}`
    : 'was not delivered';
}

function conversationsOf(messages: NotifiedMessage[]): Conversation[] {
  const byStudent = new Map<string, Conversation>();
  for (const message of [...messages].sort((a, b) => a.sentAt.getTime() - b.sentAt.getTime())) {
    let conversation = byStudent.get(message.studentId);
    if (!conversation) {
      conversation = {
        studentId: message.studentId,
        studentName: message.studentName,
        replies: [],
        failures: [],
      };
      byStudent.set(message.studentId, conversation);
    }
    (message.fromTutor ? conversation.failures : conversation.replies).push(message);
  }
  return [...byStudent.values()];
}

/** One sentence per thing to tell of a conversation. */
function sentencesOf(conversation: Conversation): string[] {
  const sentences: string[] = [];
  const { replies, failures, studentName } = conversation;
  const first = replies[0];
  if (first) {
    const preview = firstWords(first);
    sentences.push(
      replies.length === 1
        ? `${studentName}'s family replied: “${preview}”`
        : `${studentName}'s family sent ${replies.length} replies, the first: “${preview}”`,
    );
  }
  for (const failure of failures) {
    sentences.push(`Your text to ${studentName}'s family ${failureText(failure)}.`);
  }
  return sentences;
}

function subjectOf(conversations: Conversation[]): string {
  const [only] = conversations;
  if (conversations.length === 1 && only) {
    if (only.replies.length > 0) return `${only.studentName}'s family replied`;
    return `Your text to ${only.studentName}'s family did not reach them`;
  }
  return `${conversations.length} conversations are waiting for you: ${conversations
    .map((conversation) => conversation.studentName)
    .join(', ')}`;
}

/**
 * The notification of these messages (replies and failures, of one or more conversations) for
 * the tutor `firstName`, with links under `publicUrl` and, for the e-mail, its unsubscribe link.
 */
export function notificationContent(
  messages: NotifiedMessage[],
  options: { firstName: string; publicUrl: string; unsubscribeUrl: string },
): NotificationContent {
  const conversations = conversationsOf(messages);
  const subject = subjectOf(conversations);
  const link = (studentId: string) => `${options.publicUrl}${chatPath(studentId)}`;
  const settingsUrl = `${options.publicUrl}${NOTIFICATION_SETTINGS_PATH}`;
  const text = [
    `Hello ${options.firstName},`,
    ...conversations.map((conversation) =>
      [...sentencesOf(conversation), `Open the chat: ${link(conversation.studentId)}`].join('\n'),
    ),
    `You get this e-mail because a family is waiting for you in the Tutoring Portal.\nChange how you hear of them: ${settingsUrl}\nStop these e-mails: ${options.unsubscribeUrl}`,
  ].join('\n\n');
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body>
<p>Hello ${escapeHtml(options.firstName)},</p>
${conversations
  .map(
    (conversation) => `${sentencesOf(conversation)
      .map((sentence) => `<p>${escapeHtml(sentence)}</p>`)
      .join('\n')}
<p><a href="${escapeHtml(link(conversation.studentId))}">Open the chat with ${escapeHtml(conversation.studentName)}'s family</a></p>`,
  )
  .join('\n')}
<hr>
<p>You get this e-mail because a family is waiting for you in the Tutoring Portal.
<a href="${escapeHtml(settingsUrl)}">Change how you hear of them</a> or
<a href="${escapeHtml(options.unsubscribeUrl)}">stop these e-mails</a>.</p>
</body>
</html>`;
  return { subject, text, html, sms: smsOf(conversations, link, options.publicUrl) };
}

/** The whole notification as one text: short, with a link, and how to stop them. */
function smsOf(
  conversations: Conversation[],
  link: (studentId: string) => string,
  publicUrl: string,
): string {
  const [only] = conversations;
  const what =
    conversations.length === 1 && only
      ? `${sentencesOf(only).join(' ')} ${link(only.studentId)}`
      : `${conversations.length} conversations are waiting for you (${conversations
          .map((conversation) => conversation.studentName)
          .join(', ')}): ${publicUrl}/tutoring`;
  return `Tutoring Portal: ${what} Reply STOP to stop these texts.`;
}
