// Texts held for the family's quiet hours (issue 35): a text the tutor writes while
// `db.holdTextsUntil` is set is stored 'scheduled' (messages.ts); here the tutor sends it at once
// or cancels it, as the server's conditional claim does: a second press finds it no longer
// scheduled and changes nothing.

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
import { createMockDb } from './db';
import {
  findOwnMessage,
  optedOutAnswer,
  refused,
  setDelivery,
  studentOfMessage,
  translate,
} from './messages';
import type { MockDb } from './types';

/**
 * Sends a held text now, through the same path as any text: translated at this moment (kept
 * 'untranslated' while the provider fails), then the provider's status; 503 when it refuses.
 */
function sendHeldText(db: MockDb, message: Schemas['Message']) {
  delete message.scheduledFor;
  const student = studentOfMessage(db, message.id);
  if (student?.familyLanguage?.translated && db.translationFails) {
    setDelivery(db, message, 'untranslated');
    return null;
  }
  const translation = translate(db, student, message.body);
  if (translation) message.translation = translation;
  if (db.deliveryStatus === 'failed') return refused(db, message);
  setDelivery(db, message, db.deliveryStatus);
  return null;
}

/**
 * POST /tutor/send-scheduled-message-now: a held text goes out at once; any other text of the
 * tutor's (already sent, or sent by a first press) is answered as it stands. 409 for a family
 * that has opted out meanwhile, 404 for a text that is not the tutor's own (or was cancelled).
 */
function sendNowHandler(options: MockOptions, db: MockDb) {
  return mockOperation(options, 'POST /tutor/send-scheduled-message-now', async ({ request }) => {
    const body = await readJsonBody<PostBody<'/tutor/send-scheduled-message-now'>>(request);
    if (!body?.messageId) return errorResponse('INVALID_ARGUMENT', 'messageId is required.');
    const message = findOwnMessage(db, body.messageId);
    if (!message) return errorResponse('NOT_FOUND', 'No such message of yours.');
    if (message.deliveryStatus === 'scheduled') {
      const optedOut = optedOutAnswer(db, studentOfMessage(db, message.id));
      if (optedOut) return optedOut;
      const refusal = sendHeldText(db, message);
      if (refusal) return refusal;
    }
    return jsonResponse<ResponseBody<'/tutor/send-scheduled-message-now', 'post'>>({
      message: structuredClone(message),
      deliveryStatus: message.deliveryStatus ?? 'sent',
    });
  });
}

/**
 * POST /tutor/cancel-scheduled-message: a held text leaves the conversation, never sent (204, and
 * 204 again for one already cancelled); a text already sent gets 409 with the message as it
 * stands; any other id 404.
 */
function cancelHandler(options: MockOptions, db: MockDb) {
  return mockOperation(options, 'POST /tutor/cancel-scheduled-message', async ({ request }) => {
    const body = await readJsonBody<PostBody<'/tutor/cancel-scheduled-message'>>(request);
    if (!body?.messageId) return errorResponse('INVALID_ARGUMENT', 'messageId is required.');
    if (db.cancelledMessageIds.includes(body.messageId)) return new Response(null, { status: 204 });
    const message = findOwnMessage(db, body.messageId);
    const student = message && studentOfMessage(db, message.id);
    if (!message || !student) return errorResponse('NOT_FOUND', 'No such message of yours.');
    if (message.deliveryStatus !== 'scheduled') {
      return errorResponse(
        'ABORTED',
        'This text has already been sent, so it cannot be cancelled.',
        {
          message: structuredClone(message),
        },
      );
    }
    db.conversations[student.id] = (db.conversations[student.id] ?? []).filter(
      (candidate) => candidate.id !== message.id,
    );
    db.cancelledMessageIds.push(message.id);
    return new Response(null, { status: 204 });
  });
}

/** POST /tutor/send-scheduled-message-now and POST /tutor/cancel-scheduled-message over the db. */
export function createScheduledMessagesHandlers(options: MockOptions = {}) {
  const db = options.db ?? createMockDb();
  return [sendNowHandler(options, db), cancelHandler(options, db)];
}
