import type { FastifyInstance } from 'fastify';
import { requireSession } from '../../http/auth.ts';
import { notFound } from '../../http/errors.ts';
import { registerOperation } from '../../http/operations.ts';
import type { RouteContext } from '../../http/route-context.ts';
import { ifNoneMatchIncludes } from '../messages/conversation-etag.ts';
import { TUTOR_NOT_FOUND_MESSAGE } from './access.ts';
import { findTutorDigest } from './queries.ts';
import { getTutorProfile, recentSince } from './service.ts';
import { tutorEtag } from './tutor-etag.ts';

export function registerTutorRoutes(scope: FastifyInstance, context: RouteContext): void {
  registerOperation(scope, context, {
    operationId: 'getTutor',
    access: 'tutor',
    handler: async (request, reply) => {
      const session = requireSession(request, 'google');
      const now = context.now();
      const ifNoneMatch = request.headers['if-none-match'];
      // The dashboard asks again every 30 s with the tag it holds: one query digests what the
      // answer shows, and an unchanged dashboard gets 304 without the answer being built. A
      // request without a tag (the first load) goes straight to the answer, whose query
      // digests the same parts: one statement either way.
      if (ifNoneMatch) {
        const [digest, reference] = await Promise.all([
          findTutorDigest(context.db, session.email, recentSince(now)),
          context.tutorReferenceData.get(),
        ]);
        if (!digest) throw notFound(TUTOR_NOT_FOUND_MESSAGE);
        const etag = tutorEtag(digest, reference, context.translation, now);
        if (ifNoneMatchIncludes(ifNoneMatch, etag)) {
          reply.header('etag', etag);
          return reply.code(304).send();
        }
      }
      const found = await getTutorProfile(
        context.db,
        session.email,
        now,
        context.translation,
        context.tutorReferenceData,
      );
      if (!found) throw notFound(TUTOR_NOT_FOUND_MESSAGE);
      reply.header('etag', found.etag);
      return found.tutor;
    },
  });
}
