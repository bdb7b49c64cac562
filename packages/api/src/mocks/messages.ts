import { http } from 'msw';
import {
  type ErrorBody,
  errorResponse,
  jsonResponse,
  type MockOptions,
  mockUrl,
  type PostBody,
  type ResponseBody,
  readJsonBody,
  type Schemas,
} from './contract';
import { messagesByStudentId, tutorMaya } from './fixtures';

export interface MessagesMockOptions extends MockOptions {
  /** The students that may be messaged (Maya Chen's by default). */
  students?: Schemas['Student'][];
  /** Conversations by student id. */
  messages?: Record<string, Schemas['Message'][]>;
  /**
   * Delivery state reported for sent messages ('queued' by default). 'failed' answers as the
   * server does when the SMS provider refuses a text: 503 UNAVAILABLE, and the text is not added
   * to the conversation.
   */
  deliveryStatus?: Schemas['DeliveryStatus'];
}

/** POST /tutor/messages and POST /tutor/send-message, with sent messages kept in the conversation. */
export function createMessagesHandlers(options: MessagesMockOptions = {}) {
  const students = structuredClone(options.students ?? tutorMaya.correspondents);
  const conversations: Record<string, Schemas['Message'][]> = structuredClone(
    options.messages ?? messagesByStudentId,
  );
  let sentCount = 0;

  const findStudent = (studentId: unknown) => students.find((s) => s.id === studentId);

  return [
    http.post<never, never, ResponseBody<'/tutor/messages', 'post'> | ErrorBody>(
      mockUrl(options, '/tutor/messages'),
      async ({ request }) => {
        const body = await readJsonBody<PostBody<'/tutor/messages'>>(request);
        if (!body?.studentId) return errorResponse('INVALID_ARGUMENT', 'studentId is required.');
        const student = findStudent(body.studentId);
        if (!student)
          return errorResponse('NOT_FOUND', 'No such student among your correspondents.');
        return jsonResponse<ResponseBody<'/tutor/messages', 'post'>>({
          messages: conversations[student.id] ?? [],
          student,
        });
      },
    ),

    http.post<never, never, ResponseBody<'/tutor/send-message', 'post', 201> | ErrorBody>(
      mockUrl(options, '/tutor/send-message'),
      async ({ request }) => {
        const body = await readJsonBody<PostBody<'/tutor/send-message'>>(request);
        const text = typeof body?.message === 'string' ? body.message.trim() : '';
        if (!body?.studentId || !text) {
          return errorResponse(
            'INVALID_ARGUMENT',
            'studentId and a non-empty message are required.',
          );
        }
        const student = findStudent(body.studentId);
        if (!student)
          return errorResponse('NOT_FOUND', 'No such student among your correspondents.');
        sentCount += 1;
        if (options.deliveryStatus === 'failed') {
          return errorResponse(
            'UNAVAILABLE',
            'The text could not be sent. Please try again in a moment.',
            { messageId: `msg-sent-${sentCount}`, deliveryStatus: 'failed' },
          );
        }
        const message: Schemas['Message'] = {
          id: `msg-sent-${sentCount}`,
          body: text,
          isFromTutor: 'Yes',
          dateSent: new Date().toISOString(),
          messageType: 'activity',
        };
        const conversation = conversations[student.id] ?? [];
        conversation.push(message);
        conversations[student.id] = conversation;
        return jsonResponse<ResponseBody<'/tutor/send-message', 'post', 201>>(
          { message, deliveryStatus: options.deliveryStatus ?? 'queued' },
          201,
        );
      },
    ),
  ];
}

export const messagesHandlers = createMessagesHandlers();
