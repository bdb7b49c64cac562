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
      return jsonResponse<ResponseBody<'/tutor/messages', 'post'>>({
        messages: db.conversations[student.id] ?? [],
        student,
      });
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
