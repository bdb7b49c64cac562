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
import { createMockDb, findCorrespondent, mockNow } from './db';

/** A quoted FNV-1a hash of the answer: stable for the same content, in any JS runtime. */
function conversationTag(conversation: unknown): string {
  let hash = 0x811c9dc5;
  for (const char of JSON.stringify(conversation)) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `"${hash.toString(36)}"`;
}

/**
 * POST /tutor/messages and POST /tutor/send-message over `db.conversations`, for the students of
 * `db.tutor`. A sent text joins the conversation (stamped with the db's clock) and becomes the
 * student's Last_Message; `db.deliveryStatus` is what the SMS provider reports ('failed' answers
 * 503 and leaves the conversation alone).
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
  ];
}

export const messagesHandlers = createMessagesHandlers();
