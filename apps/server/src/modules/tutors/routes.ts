import type { FastifyInstance } from 'fastify';
import { requireSession } from '../../http/auth.ts';
import { notFound } from '../../http/errors.ts';
import { registerOperation } from '../../http/operations.ts';
import type { RouteContext } from '../../http/route-context.ts';
import { TUTOR_NOT_FOUND_MESSAGE } from './access.ts';
import { getTutorProfile } from './service.ts';

export function registerTutorRoutes(scope: FastifyInstance, context: RouteContext): void {
  registerOperation(scope, context, {
    operationId: 'getTutor',
    access: 'tutor',
    handler: async (request) => {
      const session = requireSession(request, 'google');
      const tutor = await getTutorProfile(
        context.db,
        session.email,
        context.now(),
        context.translation,
        context.tutorReferenceData,
      );
      if (!tutor) throw notFound(TUTOR_NOT_FOUND_MESSAGE);
      return tutor;
    },
  });
}
