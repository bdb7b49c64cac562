// Where an inbound text goes: to the organisation's notification number (TWILIO_NOTIFICATION_FROM)
// it is a tutor answering a notification (STOP, START), to any other number a family's text to a
// student's forwarding number. Twilio's webhook and the development route both come here.
import type { FastifyBaseLogger } from 'fastify';
import type { RouteContext } from '../../http/route-context.ts';
import { type InboundOutcome, type InboundText, receiveGuardianText } from '../messages/inbound.ts';
import { receiveTutorText, type TutorTextOutcome } from '../notifications/tutor-replies.ts';

export async function receiveText(
  context: RouteContext,
  log: FastifyBaseLogger,
  text: InboundText,
): Promise<InboundOutcome | TutorTextOutcome> {
  const notificationNumber = context.config.notifications.textFrom;
  if (notificationNumber && text.to === notificationNumber) {
    return receiveTutorText(context.db, log, text);
  }
  return receiveGuardianText(
    { db: context.db, log, translation: context.translation, media: context.media },
    text,
  );
}
