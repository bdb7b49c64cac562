import { HttpResponse } from 'msw';
import {
  errorResponse,
  jsonResponse,
  type MockOptions,
  mockOperation,
  type PostBody,
  type ResponseBody,
  readJsonBody,
  type Schemas,
} from './contract';
import { createMockDb, findCorrespondent, type MockDb, mockNow } from './db';

/** A quoted FNV-1a hash of the answer: stable for the same content, in any JS runtime. */
function conversationTag(conversation: unknown): string {
  let hash = 0x811c9dc5;
  for (const char of JSON.stringify(conversation)) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `"${hash.toString(36)}"`;
}

/** The tutor's own text with this id in the conversation of one of `db.tutor`'s students. */
function findOwnMessage(db: MockDb, messageId: string): Schemas['Message'] | undefined {
  for (const student of db.tutor?.correspondents ?? []) {
    const message = db.conversations[student.id]?.find(
      (candidate) => candidate.id === messageId && candidate.isFromTutor === 'Yes',
    );
    if (message) return message;
  }
  return undefined;
}

/**
 * POST /tutor/messages, POST /tutor/send-message and POST /tutor/retry-message over
 * `db.conversations`, for the students of `db.tutor`. A sent text joins the conversation (stamped
 * with the db's clock) and becomes the student's Last_Message; `db.deliveryStatus` is what the SMS
 * provider reports ('failed' answers 503 and leaves the conversation alone). A retry of an
 * undelivered or failed text gives it `db.deliveryStatus` (503 when that is 'failed'); a retry of
 * any other text answers it as it stands, like the server.
 */
export function createMessagesHandlers(options: MockOptions = {}) {
  const db = options.db ?? createMockDb();

  return [
    mockOperation(options, 'POST /tutor/messages', async ({ request }) => {
      const body = await readJsonBody<PostBody<'/tutor/messages'>>(request);
      if (!body?.studentId) return errorResponse('INVALID_ARGUMENT', 'studentId is required.');
      const student = findCorrespondent(db, body.studentId);
      if (!student) return errorResponse('NOT_FOUND', 'No such student among your correspondents.');
      const conversation: ResponseBody<'/tutor/messages', 'post'> = {
        messages: db.conversations[student.id] ?? [],
        student,
      };
      // Like the server: a tag of what the answer shows, and 304 for a poll that holds it.
      const etag = conversationTag(conversation);
      if (request.headers.get('if-none-match') === etag) {
        return new HttpResponse(null, { status: 304, headers: { etag } });
      }
      const response = jsonResponse(conversation);
      response.headers.set('etag', etag);
      return response;
    }),

    mockOperation(options, 'POST /tutor/send-message', async ({ request }) => {
      const body = await readJsonBody<PostBody<'/tutor/send-message'>>(request);
      const text = typeof body?.message === 'string' ? body.message.trim() : '';
      if (!body?.studentId || !text) {
        return errorResponse('INVALID_ARGUMENT', 'studentId and a non-empty message are required.');
      }
      const student = findCorrespondent(db, body.studentId);
      if (!student) return errorResponse('NOT_FOUND', 'No such student among your correspondents.');
      db.sentMessageCount += 1;
      const id = `msg-sent-${db.sentMessageCount}`;
      if (db.deliveryStatus === 'failed') {
        return errorResponse(
          'UNAVAILABLE',
          'The text could not be sent. Please try again in a moment.',
          { messageId: id, deliveryStatus: 'failed' },
        );
      }
      const message: Schemas['Message'] = {
        id,
        body: text,
        isFromTutor: 'Yes',
        dateSent: mockNow(db),
        messageType: 'activity',
        deliveryStatus: db.deliveryStatus,
      };
      const conversation = db.conversations[student.id] ?? [];
      conversation.push(message);
      db.conversations[student.id] = conversation;
      student.Last_Message = text;
      student.Last_Message_By = 'Tutor';
      return jsonResponse<ResponseBody<'/tutor/send-message', 'post', 201>>(
        { message: structuredClone(message), deliveryStatus: db.deliveryStatus },
        201,
      );
    }),

    mockOperation(options, 'POST /tutor/retry-message', async ({ request }) => {
      const body = await readJsonBody<PostBody<'/tutor/retry-message'>>(request);
      if (!body?.messageId) return errorResponse('INVALID_ARGUMENT', 'messageId is required.');
      const message = findOwnMessage(db, body.messageId);
      if (!message) return errorResponse('NOT_FOUND', 'No such message of yours.');
      const retryable =
        message.deliveryStatus === 'undelivered' || message.deliveryStatus === 'failed';
      if (retryable) {
        if (db.deliveryStatus === 'failed') {
          message.deliveryStatus = 'failed';
          return errorResponse(
            'UNAVAILABLE',
            'The text could not be sent. Please try again in a moment.',
            { messageId: message.id, deliveryStatus: 'failed' },
          );
        }
        message.deliveryStatus = db.deliveryStatus;
      }
      return jsonResponse<ResponseBody<'/tutor/retry-message', 'post'>>({
        message: structuredClone(message),
        deliveryStatus: message.deliveryStatus ?? 'sent',
      });
    }),
  ];
}

export const messagesHandlers = createMessagesHandlers();
