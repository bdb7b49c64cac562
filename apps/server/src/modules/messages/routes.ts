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
import type { StudentRow } from '../tutors/queries.ts';
import { toStudentResponse } from '../tutors/service.ts';
import { conversationEtag, ifNoneMatchIncludes } from './conversation-etag.ts';
import { retryTutorText, type Sender, sendTutorTextAsWritten } from './delivery.ts';
import { familyLanguageOf } from './family-language.ts';
import { registerMediaRoute } from './media.ts';
import { markConversationRead } from './read-marks.ts';
import { claimRepliesFirstShown, translateReply } from './reply-translation.ts';
import { cancelScheduledText, sendScheduledTextNow } from './scheduled.ts';
import {
  type ConversationMessage,
  type FamilyQuietHours,
  findConversationDigest,
  findStudentConversation,
  isUntranslatedReply,
  sendTutorText,
  toMessageResponse,
} from './service.ts';
import { consumeTextAllowance, studentOfTutorsText } from './text-limits.ts';

type StudentRef = components['schemas']['StudentRef'];
type SendMessageRequest = components['schemas']['SendMessageRequest'];
type RetryMessageRequest = components['schemas']['RetryMessageRequest'];
type DeliveryStatus = components['schemas']['DeliveryStatus'];
type MarkMessagesReadRequest = components['schemas']['MarkMessagesReadRequest'];

export function registerMessageRoutes(scope: FastifyInstance, context: RouteContext): void {
  const { db } = context;
  /** What sending a text needs for this request: the providers, its logger and the time now. */
  const senderFor = (request: FastifyRequest): Sender => ({
    db,
    sms: context.sms,
    translation: context.translation,
    log: request.log,
    now: context.now(),
    timeZone: context.config.orgTimeZone,
  });
  const quiet: FamilyQuietHours = {
    hours: context.config.familyQuietHours,
    timeZone: context.config.orgTimeZone,
  };

  registerConversationRoute(scope, context);

  registerOperation(scope, context, {
    operationId: 'sendTutorMessage',
    access: 'tutor',
    handler: async (request, reply) => {
      const body = request.body as SendMessageRequest;
      const { tutor, student } = await currentTutorAndOwnStudent(db, request, body.studentId);
      await consumeTextAllowance(db, context.now(), context.config.textLimits, {
        tutorId: tutor.id,
        studentId: student.id,
      });
      const sent = await sendTutorText(
        senderFor(request),
        tutor.id,
        student,
        body.message.trim(),
        quiet,
      );
      reply.code(201);
      return sent;
    },
  });

  // Retry, Send as written and a held text's Send now: the same call on one of the tutor's own
  // texts, by its id. The first two hand the text to the provider once more and count against
  // the sending limits; a held text counted when it was written.
  for (const [operationId, act, counted] of [
    ['retryTutorMessage', retryTutorText, true],
    ['sendTutorMessageAsWritten', sendTutorTextAsWritten, true],
    ['sendScheduledTutorMessageNow', sendScheduledTextNow, false],
  ] as const) {
    registerOperation(scope, context, {
      operationId,
      access: 'tutor',
      handler: async (request) => {
        const { messageId } = request.body as RetryMessageRequest;
        const tutor = await currentTutor(db, request);
        if (!isRecordUuid(messageId)) throw notFound(MESSAGE_NOT_FOUND_MESSAGE);
        if (counted) {
          const studentId = await studentOfTutorsText(db, tutor.id, messageId);
          if (!studentId) throw notFound(MESSAGE_NOT_FOUND_MESSAGE);
          await consumeTextAllowance(db, context.now(), context.config.textLimits, {
            tutorId: tutor.id,
            studentId,
          });
        }
        const message = await act(senderFor(request), tutor.id, messageId);
        if (!message) throw notFound(MESSAGE_NOT_FOUND_MESSAGE);
        return {
          message: toMessageResponse(message),
          deliveryStatus: message.deliveryStatus as DeliveryStatus,
        };
      },
    });
  }

  registerOperation(scope, context, {
    operationId: 'cancelScheduledTutorMessage',
    access: 'tutor',
    handler: async (request, reply) => {
      const { messageId } = request.body as RetryMessageRequest;
      const tutor = await currentTutor(db, request);
      if (!isRecordUuid(messageId)) throw notFound(MESSAGE_NOT_FOUND_MESSAGE);
      if (!(await cancelScheduledText(db, tutor.id, messageId))) {
        throw notFound(MESSAGE_NOT_FOUND_MESSAGE);
      }
      return reply.code(204).send();
    },
  });

  registerReadMarkRoute(scope, context);
  registerMediaRoute(scope, context);
}

const MESSAGE_NOT_FOUND_MESSAGE = 'This message is not one of your texts to your students.';
const CONVERSATION_MESSAGE_NOT_FOUND_MESSAGE = "No such message in this student's conversation.";

/** markTutorMessagesRead: the chat on screen marks the newest message it shows. */
function registerReadMarkRoute(scope: FastifyInstance, context: RouteContext): void {
  registerOperation(scope, context, {
    operationId: 'markTutorMessagesRead',
    access: 'tutor',
    handler: async (request) => {
      const body = request.body as MarkMessagesReadRequest;
      const { tutor, student } = await currentTutorAndOwnStudent(
        context.db,
        request,
        body.studentId,
      );
      if (!isRecordUuid(body.messageId)) throw notFound(CONVERSATION_MESSAGE_NOT_FOUND_MESSAGE);
      const marked = await markConversationRead(context.db, {
        tutorId: tutor.id,
        studentId: student.id,
        messageId: body.messageId,
        now: context.now(),
      });
      if (!marked) throw notFound(CONVERSATION_MESSAGE_NOT_FOUND_MESSAGE);
      return marked;
    },
  });
}

/** getTutorMessages: an open chat's answer, or 304 while nothing it shows has changed. */
function registerConversationRoute(scope: FastifyInstance, context: RouteContext): void {
  const { db } = context;
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
      const { student, attention, conversation } = current;
      const family = familyLanguageOf(student, context.translation);
      const familyTranslated = family?.translated ?? false;
      const messages = conversation.map((message) => toMessageResponse(message, familyTranslated));
      if (family?.translated) {
        translateRepliesFirstShown(context, request, { student, conversation, code: family.code });
      }
      return {
        messages,
        student: toStudentResponse(
          student,
          {
            lastSessionDate: student.lastSessionDate,
            lastMessage: conversation.at(-1) ?? null,
            unreadCount: student.unreadCount,
            attention,
          },
          now,
          context.translation,
        ),
      };
    },
  });
}

/**
 * Replies a chat's answer shows as not translated that were never sent to be (stored before
 * their family's language was translated): claimed now and translated in the background, so a
 * later poll shows their English. The claim changes the conversation's tag once; a reply is never
 * claimed twice, and one whose translation fails waits for the resender as a new reply does.
 */
function translateRepliesFirstShown(
  context: RouteContext,
  request: FastifyRequest,
  shown: { student: StudentRow; conversation: ConversationMessage[]; code: string },
): void {
  const replyIds = shown.conversation
    .filter(
      (message) =>
        isUntranslatedReply(message, true) &&
        message.translationLanguage === null &&
        message.translationOutcome === null,
    )
    .map((message) => message.id);
  if (replyIds.length === 0) return;
  const { db } = context;
  const now = context.now();
  const translator = { db, translation: context.translation, log: request.log, now };
  const retryAt = new Date(now.getTime() + 60_000);
  context.background.run(
    'translate replies first shown',
    async () => {
      const claimed = await claimRepliesFirstShown(db, {
        studentId: shown.student.id,
        replyIds,
        languageCode: shown.code,
        retryAt,
      });
      for (const reply of claimed) await translateReply(translator, reply, retryAt);
    },
    request.log,
  );
}
