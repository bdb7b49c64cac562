// The entity tag of a conversation poll's answer: it changes when anything the answer shows
// changes (the student's row, a message added or dropped, a newer session, the day that "days
// since the last session" counts from), so an unchanged chat can be answered with 304.
import { createHash } from 'node:crypto';
import type { StudentRow } from '../tutors/queries.ts';
import type { ConversationState } from './service.ts';

export function conversationEtag(student: StudentRow, state: ConversationState, now: Date): string {
  const digest = createHash('sha256')
    .update(
      JSON.stringify([
        student,
        state.messageCount,
        state.latestSentAt?.toISOString() ?? null,
        state.lastSessionDate,
        now.toISOString().slice(0, 10),
      ]),
    )
    .digest('base64url')
    .slice(0, 27);
  return `"${digest}"`;
}

/** Whether an If-None-Match header names this tag (weak comparison, as RFC 9110 asks for it). */
export function ifNoneMatchIncludes(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}
