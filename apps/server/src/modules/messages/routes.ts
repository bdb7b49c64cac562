import type { components } from '@tutoring/api/schema';
import type { FastifyInstance } from 'fastify';
import { registerOperation } from '../../http/operations.ts';
import type { RouteContext } from '../../http/route-context.ts';
import { currentTutor, ownStudent } from '../tutors/access.ts';
import { toStudentResponse } from '../tutors/service.ts';
import { conversationEtag, ifNoneMatchIncludes } from './conversation-etag.ts';
import {
  conversationState,
  lastMessages,
  listConversation,
  sendTutorText,
  toMessageResponse,
} from './service.ts';

type StudentRef = components['schemas']['StudentRef'];
type SendMessageRequest = components['schemas']['SendMessageRequest'];

export function registerMessageRoutes(scope: FastifyInstance, context: RouteContext): void {
  const { db } = context;

  registerOperation(scope, context, {
    operationId: 'getTutorMessages',
    access: 'tutor',
    handler: async (request, reply) => {
      const { studentId } = request.body as StudentRef;
      const tutor = await currentTutor(db, request);
      const student = await ownStudent(db, tutor.id, studentId);
      const now = context.now();
      // An open chat asks every 5 s; most answers would repeat the last one. The tag is computed
      // from a few index reads, and a poll that already holds it gets 304 without the messages.
      const state = await conversationState(db, student.id);
      const etag = conversationEtag(student, state, now);
      reply.header('etag', etag);
      if (ifNoneMatchIncludes(request.headers['if-none-match'], etag)) {
        return reply.code(304).send();
      }
      const conversation = await listConversation(db, student.id);
      const last = (await lastMessages(db, [student.id])).get(student.id);
      return {
        messages: conversation.map(toMessageResponse),
        student: toStudentResponse(student, state.lastSessionDate, last, now),
      };
    },
  });

  registerOperation(scope, context, {
    operationId: 'sendTutorMessage',
    access: 'tutor',
    handler: async (request, reply) => {
      const body = request.body as SendMessageRequest;
      const tutor = await currentTutor(db, request);
      const student = await ownStudent(db, tutor.id, body.studentId);
      const sent = await sendTutorText(
        { db, sms: context.sms, log: request.log, now: context.now() },
        tutor.id,
        student,
        body.message.trim(),
      );
      reply.code(201);
      return sent;
    },
  });
}
