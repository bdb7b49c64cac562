// The entity tag of a conversation poll's answer: it changes when anything the answer shows
// changes (the student's row, a message added or dropped, a newer session: the digest PostgreSQL
// computes in findConversationDigest) and with the day that "days since the last session" counts
// from, so an unchanged chat can be answered with 304.

export function conversationEtag(digest: string, now: Date): string {
  return `"${digest}-${now.toISOString().slice(0, 10)}"`;
}

/** Whether an If-None-Match header names this tag (weak comparison, as RFC 9110 asks for it). */
export function ifNoneMatchIncludes(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}
