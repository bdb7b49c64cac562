// The words the chat shows, and announces, for a message: its status line, its sender, the
// excerpt that names it. Pure functions, so stories, the list and its announcer say the same.

/** Who wrote a message: the tutor, the student's family, or the organisation's team. */
export type MessageSender = 'tutor' | 'family' | 'team';

/**
 * How far one of the tutor's texts got. scheduled: held for the family's quiet hours until its
 * time (Send now, or Cancel). sending: the server has not answered yet (a new text, or one sent
 * again). sent: the provider took it. delivered: the family's phone has it. notDelivered: the
 * carrier or the provider refused it (Retry). notSent: it could not be translated, so it was not
 * sent at all (Retry, or send it as written).
 */
export type MessageStatus =
  | 'scheduled'
  | 'sending'
  | 'sent'
  | 'delivered'
  | 'notDelivered'
  | 'notSent';

/** The status line's words for what is still on its way. */
export const sendingText = 'Sending…';

/** Longest excerpt of a text that names it in a button's accessible name or an announcement. */
const excerptMaxChars = 40;

/**
 * The opening words of a text, at most 40 characters on a word boundary: enough for a screen
 * reader user to tell one Retry button from another without hearing the whole text again.
 */
export function messageExcerpt(body: string, maxChars = excerptMaxChars): string {
  const text = body.replace(/\s+/g, ' ').trim();
  if (text.length <= maxChars) return text;
  const cut = text.slice(0, maxChars);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > 0 ? cut.slice(0, lastSpace) : cut).replace(/[\s,.;:!?]+$/, '')}…`;
}

/** What the line under an untranslated text says: it was not sent, and why. */
export function notSentText(familyLanguageName: string | undefined): string {
  const name = familyLanguageName?.trim();
  return name
    ? `Not sent: it could not be translated into ${name}.`
    : 'Not sent: it could not be translated.';
}

/** 'Not delivered', with the provider's reason in plain words when there is one. */
export function notDeliveredText(failureReason: string | undefined): string {
  const reason = failureReason?.trim();
  return reason ? `Not delivered: ${reason}` : 'Not delivered';
}

/** Local midnight of a date as a day count (as the date groups count days). */
function localDay(date: Date): number {
  return Math.round(Date.UTC(date.getFullYear(), date.getMonth(), date.getDate()) / 86_400_000);
}

/**
 * When a held text goes, in the browser's locale and time zone, the time first as the tutor reads
 * it at a glance: 'Scheduled for 8:00 AM' today, 'Scheduled for 8:00 AM tomorrow' (a text written
 * in the evening), 'Scheduled for 8:00 AM on Sat, Nov 21' on any other day.
 */
export function scheduledText(scheduledFor: string | undefined, now: Date): string {
  const date = new Date(scheduledFor ?? '');
  if (Number.isNaN(date.getTime())) return 'Scheduled';
  const time = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' }).format(
    date,
  );
  const daysAhead = localDay(date) - localDay(now);
  if (daysAhead === 0) return `Scheduled for ${time}`;
  if (daysAhead === 1) return `Scheduled for ${time} tomorrow`;
  const day = new Intl.DateTimeFormat(undefined, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
  }).format(date);
  return `Scheduled for ${time} on ${day}`;
}

/** The facts the status line of one of the tutor's texts is made from. */
export interface StatusFacts {
  status: MessageStatus | undefined;
  failureReason?: string | undefined;
  /** On a scheduled text: when it goes (ISO 8601). */
  scheduledFor?: string | undefined;
  /** The clock a scheduled text's day is told from; default the real one. */
  now?: Date;
  /** A Retry or a Send as written of this text is in flight. */
  isBeingSent?: boolean;
  familyLanguageName?: string | undefined;
}

/**
 * The status line of one of the tutor's texts, or null when there is nothing to say (a text of
 * the family's or the team's, or one without a status). A text being sent again says
 * 'Sending…' until the server answers, whatever it said before.
 */
export function messageStatusText({
  status,
  failureReason,
  isBeingSent = false,
  familyLanguageName,
  scheduledFor,
  now = new Date(),
}: StatusFacts): string | null {
  if (status === undefined) return null;
  if (isBeingSent || status === 'sending') return sendingText;
  switch (status) {
    case 'scheduled':
      return scheduledText(scheduledFor, now);
    case 'sent':
      return 'Sent';
    case 'delivered':
      return 'Delivered';
    case 'notDelivered':
      return notDeliveredText(failureReason);
    case 'notSent':
      return notSentText(familyLanguageName);
  }
}

/** Whether the status is one the tutor must act on (Retry, or Send as written). */
export function needsAction(status: MessageStatus | undefined): boolean {
  return status === 'notDelivered' || status === 'notSent';
}

/** Whether the text shows its status on lines of its own, with buttons: to act on, or held. */
export function hasActions(status: MessageStatus | undefined): boolean {
  return needsAction(status) || status === 'scheduled';
}

/** The names the list shows as senders (spec §2 messenger). */
export interface SenderNames {
  guardianName: string;
  teamLabel: string;
  tutorLabel: string;
}

/** Who a message is shown as coming from. */
export function senderLabel(from: MessageSender, names: SenderNames): string {
  if (from === 'tutor') return names.tutorLabel;
  return from === 'family' ? names.guardianName : names.teamLabel;
}

/**
 * What a screen reader hears when a message from the family or the team arrives: who, and what
 * it says ('New message from Ana Martinez: See you at 4!'), or that it is a photo.
 */
export function newMessageAnnouncement(sender: string, text: string, photoCount: number): string {
  const words = text.trim();
  if (photoCount === 0) return `New message from ${sender}: ${words}`;
  if (words === '') {
    return photoCount === 1
      ? `New photo from ${sender}`
      : `${photoCount} new photos from ${sender}`;
  }
  const photos = photoCount === 1 ? 'a photo' : `${photoCount} photos`;
  return `New message from ${sender}, with ${photos}: ${words}`;
}

/**
 * What a screen reader hears when one of the tutor's texts changes status: the status first, then
 * which text: 'Delivered — “See you at 4”'.
 */
export function statusAnnouncement(statusText: string, text: string): string {
  return `${statusText.replace(/\.$/, '')} — “${messageExcerpt(text)}”`;
}
