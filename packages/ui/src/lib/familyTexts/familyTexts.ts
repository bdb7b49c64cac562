// What the chat and a student's card say of a family's texts (issue 35): that they opted out, and
// why, and that they asked for HELP. One wording, so the composer, the card and their stories
// never drift apart.
import { longDateLabel } from '../messageDates/messageDates';

/** The family asked not to be texted. */
export interface FamilyTextOptOut {
  /** When (ISO 8601): their reply, or the refused text. */
  optedOutAt: string;
  /** replied: their own STOP (or another opt-out word); refused: a text was refused because of it. */
  reason: 'replied' | 'refused';
  /** The word they replied, as they wrote it ('Stop', 'UNSUBSCRIBE'). */
  keyword?: string | undefined;
}

/**
 * 'This family has opted out of texts (replied STOP on November 19, 2026)', with the word they
 * replied in capitals; for a refused text, that it was refused because they had opted out.
 */
export function optOutText(optOut: FamilyTextOptOut): string {
  const date = longDateLabel(optOut.optedOutAt);
  if (optOut.reason === 'refused') {
    return `This family has opted out of texts (a text was refused on ${date} because they had opted out)`;
  }
  const word = optOut.keyword?.trim().toUpperCase() || 'STOP';
  return `This family has opted out of texts (replied ${word} on ${date})`;
}

/** What the tutor can and cannot do about it, after `optOutText`. */
export const optOutNextStep =
  'You cannot text them from the portal. They can text START to this number to get texts again.';

/** 'The family texted HELP on November 20, 2026'. */
export function helpRequestText(helpRequestedAt: string): string {
  return `The family texted HELP on ${longDateLabel(helpRequestedAt)}`;
}
