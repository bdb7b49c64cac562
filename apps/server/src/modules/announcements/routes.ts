import type { components } from '@tutoring/api/schema';
import type { FastifyInstance } from 'fastify';
import { requireSession } from '../../http/auth.ts';
import { notFound } from '../../http/errors.ts';
import { registerOperation } from '../../http/operations.ts';
import type { RouteContext } from '../../http/route-context.ts';
import { findTutorByEmail, recordLatestViewedAnnouncement } from '../tutors/queries.ts';
import { TUTOR_NOT_FOUND_MESSAGE } from '../tutors/routes.ts';

type LatestViewedAnnouncement = components['schemas']['LatestViewedAnnouncement'];

export function registerAnnouncementRoutes(scope: FastifyInstance, context: RouteContext): void {
  registerOperation(scope, context, {
    operationId: 'setLatestViewedAnnouncement',
    access: 'tutor',
    handler: async (request) => {
      const session = requireSession(request, 'google');
      // The contract has validated the shape, including the date-time format of `date`.
      const { data } = request.body as { data: LatestViewedAnnouncement };
      const tutor = await findTutorByEmail(context.db, session.email);
      if (!tutor) throw notFound(TUTOR_NOT_FOUND_MESSAGE);
      const stored = await recordLatestViewedAnnouncement(context.db, tutor.id, {
        id: data.id,
        date: new Date(data.date),
      });
      if (!stored) throw notFound(TUTOR_NOT_FOUND_MESSAGE);
      return { result: { id: stored.id, date: stored.date.toISOString() } };
    },
  });
}
