import type { components } from '@tutoring/api/schema';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireSession } from '../../http/auth.ts';
import { notFound } from '../../http/errors.ts';
import { registerOperation } from '../../http/operations.ts';
import type { RouteContext } from '../../http/route-context.ts';
import {
  currentTutor,
  currentTutorAndOwnStudent,
  isRecordUuid,
  STUDENT_NOT_FOUND_MESSAGE,
  TUTOR_NOT_FOUND_MESSAGE,
} from '../tutors/access.ts';
import { lastMessageOf } from '../tutors/queries.ts';
import { toStudentResponse } from '../tutors/service.ts';
import { conversationEtag, ifNoneMatchIncludes } from './conversation-etag.ts';
import { retryTutorText, type Sender, sendTutorTextAsWritten } from './delivery.ts';
import {
  findConversationDigest,
  findStudentConversation,
  sendTutorText,
  toMessageResponse,
} from './service.ts';

type StudentRef = components['schemas']['StudentRef'];
type SendMessageRequest = components['schemas']['SendMessageRequest'];
type RetryMessageRequest = components['schemas']['RetryMessageRequest'];
type DeliveryStatus = components['schemas']['DeliveryStatus'];

export function registerMessageRoutes(scope: FastifyInstance, context: RouteContext): void {
  const { db } = context;
  /** What sending a text needs for this request: the providers, its logger and the time now. */
  const senderFor = (request: FastifyRequest): Sender => ({
    db,
    sms: context.sms,
    translation: context.translation,
    log: request.log,
    now: context.now(),
  });

  registerOperation(scope, context, {
    operationId: 'getTutorMessages',
    access: 'tutor',
    handler: async (request, reply) => {
      const { studentId } = request.body as StudentRef;
      const session = requireSession(request, 'google');
      if (!isRecordUuid(studentId)) throw notFound(STUDENT_NOT_FOUND_MESSAGE);
      // An open chat asks every 5 s and most answers would repeat the last one: one query finds
      // the tutor, checks the student is theirs and digests what the answer shows, and a poll
      // that already holds the tag gets 304 without the messages.
      const found = await findConversationDigest(db, session.email, studentId);
      if (!found) throw notFound(TUTOR_NOT_FOUND_MESSAGE);
      if (found.digest === null) throw notFound(STUDENT_NOT_FOUND_MESSAGE);
      const now = context.now();
      // Read before the answer's data, so that a change in between shows at the next poll.
      const etag = conversationEtag(found.digest, now);
      reply.header('etag', etag);
      if (ifNoneMatchIncludes(request.headers['if-none-match'], etag)) {
        return reply.code(304).send();
      }
      const current = await findStudentConversation(db, found.tutorId, studentId);
      if (!current) throw notFound(STUDENT_NOT_FOUND_MESSAGE);
      const { student, conversation } = current;
      const last = conversation.at(-1);
      return {
        messages: conversation.map(toMessageResponse),
        student: toStudentResponse(
          student,
          student.lastSessionDate,
          last ? lastMessageOf(last) : null,
          now,
          context.translation,
        ),
      };
    },
  });

  registerOperation(scope, context, {
    operationId: 'sendTutorMessage',
    access: 'tutor',
    handler: async (request, reply) => {
      const body = request.body as SendMessageRequest;
      const { tutor, student } = await currentTutorAndOwnStudent(db, request, body.studentId);
      const sent = await sendTutorText(senderFor(request), tutor.id, student, body.message.trim());
      reply.code(201);
      return sent;
    },
  });

  // Retry and Send as written: the same call on one of the tutor's own texts, by its id.
  for (const [operationId, act] of [
    ['retryTutorMessage', retryTutorText],
    ['sendTutorMessageAsWritten', sendTutorTextAsWritten],
  ] as const) {
    registerOperation(scope, context, {
      operationId,
      access: 'tutor',
      handler: async (request) => {
        const { messageId } = request.body as RetryMessageRequest;
        const tutor = await currentTutor(db, request);
        if (!isRecordUuid(messageId)) throw notFound(MESSAGE_NOT_FOUND_MESSAGE);
        const message = await act(senderFor(request), tutor.id, messageId);
        if (!message) throw notFound(MESSAGE_NOT_FOUND_MESSAGE);
        return {
          message: toMessageResponse(message),
          deliveryStatus: message.deliveryStatus as DeliveryStatus,
        };
      },
    });
  }
}

const MESSAGE_NOT_FOUND_MESSAGE = 'This message is not one of your texts to your students.';
