// Conditional answers, as the server gives them for the chat poll and GET /tutor: the tag is a digest
// of what the answer shows, so a poll gets 304 exactly while nothing it would show has changed, and
// a test that changes the db by hand (not through a handler) still changes the tag.

import { HttpResponse, type JsonBodyType } from 'msw';
import { jsonResponse } from './contract';

/** A quoted FNV-1a hash of the answer: stable for the same content, in any JS runtime. */
export function contentTag(answer: unknown): string {
  let hash = 0x811c9dc5;
  for (const char of JSON.stringify(answer)) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `"${hash.toString(36)}"`;
}

/** Whether an If-None-Match header holds this tag (a list, weak tags and `*` count, as in HTTP). */
function holds(ifNoneMatch: string | null, tag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((candidate) => candidate.trim().replace(/^W\//, ''))
    .some((candidate) => candidate === '*' || candidate === tag);
}

/**
 * The JSON answer with its `ETag`, or 304 with no body (and the same tag) when the request's
 * `If-None-Match` already holds it.
 */
export function taggedJsonResponse<Body extends JsonBodyType>(request: Request, body: Body) {
  const etag = contentTag(body);
  if (holds(request.headers.get('if-none-match'), etag)) {
    return new HttpResponse<Body>(null, { status: 304, headers: { etag } });
  }
  const response = jsonResponse(body);
  response.headers.set('etag', etag);
  return response;
}
