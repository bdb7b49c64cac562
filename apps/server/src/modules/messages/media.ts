// getTutorMessageMedia: the bytes of a picture a family sent, as the server stored them when the
// text arrived (inbound.ts), only to the tutor whose student it is. A picture never changes, so
// the browser keeps it a day without asking again; it is served as the image it was checked to
// be, with nothing that lets it act as a document.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type Database, rowsOf } from '../../db/open.ts';
import { messageMedia, messages, students, tutors } from '../../db/schema.ts';
import { requireSession } from '../../http/auth.ts';
import { invalidArgument, notFound } from '../../http/errors.ts';
import { registerOperation } from '../../http/operations.ts';
import type { RouteContext } from '../../http/route-context.ts';
import { currentTutor, isRecordUuid, TUTOR_NOT_FOUND_MESSAGE } from '../tutors/access.ts';

const MEDIA_NOT_FOUND_MESSAGE = "No such picture in your students' conversations.";

/** The contract's RecordId: what the path may hold at all. */
const RECORD_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * An image opened on its own is shown by the browser in a document of its own making: it may show
 * the image (and style it), and nothing else; no frame may hold it; and should a browser ever
 * read the bytes as something else, the sandbox leaves it without scripts or an origin.
 */
const IMAGE_CSP =
  "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'none'; sandbox";

/**
 * The picture with this id when it is of the tutor's own student, in one statement; `found` says
 * whether the tutor (this e-mail, not archived) exists at all.
 */
async function findTutorsMedia(
  db: Database,
  email: string,
  mediaId: string,
): Promise<{ tutorFound: boolean; media?: { contentType: string; bytes: Buffer } }> {
  const rows = rowsOf<{ content_type: string | null; bytes: Uint8Array | null }>(
    await db.execute(sql`
      select media.content_type, media.bytes
      from ${tutors}
      left join (
        ${messageMedia} media
        join ${messages} on ${messages.id} = media.message_id
        join ${students} on ${students.id} = ${messages.studentId}
      ) on media.id = ${mediaId}::uuid and ${students.tutorId} = ${tutors.id}
      where lower(${tutors.email}) = ${email.toLowerCase()} and ${tutors.archivedAt} is null
      limit 1
    `),
  );
  const [row] = rows;
  if (!row) return { tutorFound: false };
  if (row.content_type === null || row.bytes === null) return { tutorFound: true };
  const bytes = Buffer.isBuffer(row.bytes) ? row.bytes : Buffer.from(row.bytes);
  return { tutorFound: true, media: { contentType: row.content_type, bytes } };
}

export function registerMediaRoute(scope: FastifyInstance, context: RouteContext): void {
  registerOperation(scope, context, {
    operationId: 'getTutorMessageMedia',
    access: 'tutor',
    handler: async (request, reply) => {
      const session = requireSession(request, 'google');
      const { mediaId } = request.params as { mediaId: string };
      if (!RECORD_ID.test(mediaId)) {
        throw invalidArgument('path/mediaId must be a record id', { field: 'path/mediaId' });
      }
      if (!isRecordUuid(mediaId)) {
        await currentTutor(context.db, request);
        throw notFound(MEDIA_NOT_FOUND_MESSAGE);
      }
      const found = await findTutorsMedia(context.db, session.email, mediaId);
      if (!found.tutorFound) throw notFound(TUTOR_NOT_FOUND_MESSAGE);
      if (!found.media) throw notFound(MEDIA_NOT_FOUND_MESSAGE);
      return reply
        .header('content-type', found.media.contentType)
        .header('cache-control', 'private, max-age=86400, immutable')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', IMAGE_CSP)
        .send(found.media.bytes);
    },
  });
}
