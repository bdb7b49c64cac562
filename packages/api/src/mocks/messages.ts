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
import { answeredStudent, createMockDb, findCorrespondent, mockNow } from './db';
import { taggedJsonResponse } from './etag';
import { asShown, deliveryFailure, OPTED_OUT_CODE, unreadCountOf } from './inbox';
import type { MockDb } from './types';

/** The tutor's own text with this id in the conversation of one of `db.tutor`'s students. */
export function findOwnMessage(db: MockDb, messageId: string): Schemas['Message'] | undefined {
  for (const student of db.tutor?.correspondents ?? []) {
    const message = db.conversations[student.id]?.find(
      (candidate) => candidate.id === messageId && candidate.isFromTutor === 'Yes',
    );
    if (message) return message;
  }
  return undefined;
}

/** The student whose conversation holds this message. */
export function studentOfMessage(db: MockDb, messageId: string): Schemas['Student'] | undefined {
  return db.tutor?.correspondents.find((student) =>
    db.conversations[student.id]?.some((message) => message.id === messageId),
  );
}

/**
 * The mock translation provider: the text in the family's language, or undefined when the
 * family's texts are not translated. `db.translations` knows a few texts; others go unchanged.
 */
export function translate(
  db: MockDb,
  student: Schemas['Student'] | undefined,
  text: string,
): Schemas['MessageTranslation'] | undefined {
  const language = student?.familyLanguage;
  if (!language?.translated) return undefined;
  return {
    languageName: language.name,
    languageCode: language.code,
    text: db.translations[text] ?? text,
  };
}

/**
 * Gives a text a delivery status, with the `failure` of `db.failureCodes` when it is undelivered or
 * failed, and none otherwise (a text sent again is no longer failed).
 */
export function setDelivery(
  db: MockDb,
  message: Schemas['Message'],
  status: Schemas['DeliveryStatus'],
) {
  message.deliveryStatus = status;
  const code =
    status === 'undelivered' || status === 'failed' ? db.failureCodes[status] : undefined;
  if (code === undefined) delete message.failure;
  else message.failure = deliveryFailure(code);
}

/**
 * Records a text to this family refused because they had opted out (21610), when that is the code
 * the provider refuses texts with: the family's textOptOut then says 'refused'.
 */
function noteRefusal(db: MockDb, student: Schemas['Student'] | undefined) {
  if (!student || db.failureCodes.failed !== OPTED_OUT_CODE) return;
  db.optOutRefusals[student.id] = [...(db.optOutRefusals[student.id] ?? []), mockNow(db)];
}

/**
 * The 409 of a text to a family that has opted out, as the server answers a send, a retry, a send
 * as written or a send now: nothing goes to the provider. Null when the family may be texted.
 */
export function optedOutAnswer(db: MockDb, student: Schemas['Student'] | undefined) {
  const optOut = student && answeredStudent(db, student).textOptOut;
  if (!optOut) return null;
  const why =
    optOut.reason === 'replied'
      ? `they replied ${(optOut.keyword ?? 'STOP').toUpperCase()}`
      : 'a text to them was refused';
  return errorResponse(
    'ABORTED',
    `This family has opted out of texts (${why}). Texts can go to them again once they reply START.`,
    { textOptOut: optOut },
  );
}

/** The 503 of a text the SMS provider refused: the server reports it 'failed'. */
export function refused(db: MockDb, message: Schemas['Message']) {
  setDelivery(db, message, 'failed');
  noteRefusal(db, studentOfMessage(db, message.id));
  return errorResponse('UNAVAILABLE', 'The text could not be sent. Please try again in a moment.', {
    messageId: message.id,
    deliveryStatus: 'failed',
  });
}

/**
 * POST /tutor/messages, POST /tutor/send-message, POST /tutor/retry-message, POST
 * /tutor/send-message-as-written and POST /tutor/mark-messages-read over `db.conversations` and
 * `db.readMarks`, for the students of `db.tutor`. A sent text joins the conversation (stamped with
 * the db's clock) and becomes the student's Last_Message; `db.deliveryStatus` is what the SMS
 * provider reports ('failed' answers 503 and leaves the conversation alone; an undelivered or
 * failed text carries the `failure` of `db.failureCodes`). A text to a family whose language is
 * translated carries its `translation`; while `db.translationFails`, it is kept 'untranslated'
 * instead, unsent (201). A retry of an undelivered or failed text gives it `db.deliveryStatus`
 * (503 when that is 'failed'); a retry of an untranslated text translates it first (still
 * failing: 200, still 'untranslated'). Send as written sends an untranslated text untranslated,
 * `sentAsWritten`. A retry or a send as written of any other text answers it as it stands, like
 * the server. A family that has opted out of texts (their STOP, or a text refused with 21610) gets
 * no text: a send, a retry or a send as written answers 409. While `db.holdTextsUntil` is set (the
 * family's quiet hours), a new text is held, 'scheduled' (see scheduled.ts for Send now and
 * Cancel).
 */
export function createMessagesHandlers(options: MockOptions = {}) {
  const db = options.db ?? createMockDb();
  return [
    conversationHandler(options, db),
    sendMessageHandler(options, db),
    retryMessageHandler(options, db),
    sendAsWrittenHandler(options, db),
    markReadHandler(options, db),
  ];
}

/**
 * POST /tutor/messages: the conversation as the chat shows it (replies with no English marked
 * `notTranslated`) and the student with what it decides, with an ETag of that answer and 304 for
 * a poll that holds it, like the server.
 */
function conversationHandler(options: MockOptions, db: MockDb) {
  return mockOperation(options, 'POST /tutor/messages', async ({ request }) => {
    const body = await readJsonBody<PostBody<'/tutor/messages'>>(request);
    if (!body?.studentId) return errorResponse('INVALID_ARGUMENT', 'studentId is required.');
    const student = findCorrespondent(db, body.studentId);
    if (!student) return errorResponse('NOT_FOUND', 'No such student among your correspondents.');
    return taggedJsonResponse<ResponseBody<'/tutor/messages', 'post'>>(request, {
      messages: asShown(db.conversations[student.id] ?? [], student),
      student: answeredStudent(db, student),
    });
  });
}

/** A new text of the tutor's, as stored before it goes anywhere. */
function newText(db: MockDb, text: string): Schemas['Message'] {
  db.sentMessageCount += 1;
  return {
    id: `msg-sent-${db.sentMessageCount}`,
    body: text,
    isFromTutor: 'Yes',
    dateSent: mockNow(db),
    messageType: 'activity',
  };
}

/**
 * A new text's way out, as the server's one send path takes it: held for the family's quiet hours
 * (`db.holdTextsUntil`: 'scheduled', untranslated until it goes); kept 'untranslated' while the
 * translation provider fails; otherwise translated and given the provider's status. Null when the
 * provider refuses it (the server answers 503 and keeps it out of the conversation).
 */
function dispatch(db: MockDb, student: Schemas['Student'], message: Schemas['Message']) {
  if (db.holdTextsUntil !== null) {
    message.deliveryStatus = 'scheduled';
    message.scheduledFor = db.holdTextsUntil;
    return message;
  }
  const untranslated = student.familyLanguage?.translated === true && db.translationFails;
  if (untranslated) {
    setDelivery(db, message, 'untranslated');
    return message;
  }
  if (db.deliveryStatus === 'failed') {
    noteRefusal(db, student);
    return null;
  }
  const translation = translate(db, student, message.body);
  if (translation) message.translation = translation;
  setDelivery(db, message, db.deliveryStatus);
  return message;
}

/**
 * POST /tutor/send-message: a text joins the conversation, held, translated, untranslated or
 * refused; 409 for a family that has opted out.
 */
function sendMessageHandler(options: MockOptions, db: MockDb) {
  return mockOperation(options, 'POST /tutor/send-message', async ({ request }) => {
    const body = await readJsonBody<PostBody<'/tutor/send-message'>>(request);
    const text = typeof body?.message === 'string' ? body.message.trim() : '';
    if (!body?.studentId || !text) {
      return errorResponse('INVALID_ARGUMENT', 'studentId and a non-empty message are required.');
    }
    const student = findCorrespondent(db, body.studentId);
    if (!student) return errorResponse('NOT_FOUND', 'No such student among your correspondents.');
    const optedOut = optedOutAnswer(db, student);
    if (optedOut) return optedOut;
    const message = newText(db, text);
    if (!dispatch(db, student, message)) {
      return errorResponse(
        'UNAVAILABLE',
        'The text could not be sent. Please try again in a moment.',
        { messageId: message.id, deliveryStatus: 'failed' },
      );
    }
    const conversation = db.conversations[student.id] ?? [];
    conversation.push(message);
    db.conversations[student.id] = conversation;
    student.Last_Message = text;
    student.Last_Message_By = 'Tutor';
    return jsonResponse<ResponseBody<'/tutor/send-message', 'post', 201>>(
      { message: structuredClone(message), deliveryStatus: message.deliveryStatus ?? 'sent' },
      201,
    );
  });
}

/** POST /tutor/retry-message: an undelivered, failed or untranslated text, tried again. */
function retryMessageHandler(options: MockOptions, db: MockDb) {
  return mockOperation(options, 'POST /tutor/retry-message', async ({ request }) => {
    const body = await readJsonBody<PostBody<'/tutor/retry-message'>>(request);
    if (!body?.messageId) return errorResponse('INVALID_ARGUMENT', 'messageId is required.');
    const message = findOwnMessage(db, body.messageId);
    if (!message) return errorResponse('NOT_FOUND', 'No such message of yours.');
    const status = message.deliveryStatus;
    const willSend = status === 'untranslated' || status === 'undelivered' || status === 'failed';
    const optedOut = willSend && optedOutAnswer(db, studentOfMessage(db, message.id));
    if (optedOut) return optedOut;
    const translateFirst = status === 'untranslated' && !db.translationFails;
    if (translateFirst) {
      const translation = translate(db, studentOfMessage(db, message.id), message.body);
      if (translation) message.translation = translation;
    }
    if (translateFirst || status === 'undelivered' || status === 'failed') {
      if (db.deliveryStatus === 'failed') return refused(db, message);
      setDelivery(db, message, db.deliveryStatus);
    }
    return jsonResponse<ResponseBody<'/tutor/retry-message', 'post'>>({
      message: structuredClone(message),
      deliveryStatus: message.deliveryStatus ?? 'sent',
    });
  });
}

/** POST /tutor/send-message-as-written: an untranslated text, sent as the tutor wrote it. */
function sendAsWrittenHandler(options: MockOptions, db: MockDb) {
  return mockOperation(options, 'POST /tutor/send-message-as-written', async ({ request }) => {
    const body = await readJsonBody<PostBody<'/tutor/send-message-as-written'>>(request);
    if (!body?.messageId) return errorResponse('INVALID_ARGUMENT', 'messageId is required.');
    const message = findOwnMessage(db, body.messageId);
    if (!message) return errorResponse('NOT_FOUND', 'No such message of yours.');
    const optedOut =
      message.deliveryStatus === 'untranslated' &&
      optedOutAnswer(db, studentOfMessage(db, message.id));
    if (optedOut) return optedOut;
    if (message.deliveryStatus === 'untranslated') {
      // In the tutor's own words, also when the provider refuses it: a Retry then resends it so.
      message.sentAsWritten = true;
      if (db.deliveryStatus === 'failed') return refused(db, message);
      setDelivery(db, message, db.deliveryStatus);
    }
    return jsonResponse<ResponseBody<'/tutor/send-message-as-written', 'post'>>({
      message: structuredClone(message),
      deliveryStatus: message.deliveryStatus ?? 'sent',
    });
  });
}

/**
 * POST /tutor/mark-messages-read: the tutor has seen the conversation up to a message. The mark
 * moves forward, never back; the answer is the student's unread count after it.
 */
function markReadHandler(options: MockOptions, db: MockDb) {
  return mockOperation(options, 'POST /tutor/mark-messages-read', async ({ request }) => {
    const body = await readJsonBody<PostBody<'/tutor/mark-messages-read'>>(request);
    if (typeof body?.studentId !== 'string' || typeof body.messageId !== 'string') {
      return errorResponse('INVALID_ARGUMENT', 'studentId and messageId are required.');
    }
    const student = findCorrespondent(db, body.studentId);
    if (!student) return errorResponse('NOT_FOUND', 'No such student among your correspondents.');
    const messages = db.conversations[student.id] ?? [];
    const marked = messages.findIndex((message) => message.id === body.messageId);
    if (marked < 0) return errorResponse('NOT_FOUND', 'No such message in this conversation.');
    const current = db.readMarks[student.id];
    if (marked > messages.findIndex((message) => message.id === current)) {
      db.readMarks[student.id] = body.messageId;
    }
    return jsonResponse<ResponseBody<'/tutor/mark-messages-read', 'post'>>({
      unreadCount: unreadCountOf(messages, db.readMarks[student.id]),
    });
  });
}

export const messagesHandlers = createMessagesHandlers();
