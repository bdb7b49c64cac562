import type { components } from '@tutoring/api/schema';
import type { MessageListMessage } from '@tutoring/ui/components/MessageList/MessageItem';

type Message = components['schemas']['Message'];
type DeliveryStatus = components['schemas']['DeliveryStatus'];

/**
 * How far one of the tutor's texts got, as the chat says it: scheduled (held for the family's
 * quiet hours) is 'Scheduled for …' with Send now and Cancel; queued and sent are both 'Sent'
 * (the provider has it), undelivered and failed both 'Not delivered' (Retry), untranslated 'Not
 * sent'. A text the server stored without a status went out before statuses were kept: 'Sent'.
 */
export function toMessageStatus(status: DeliveryStatus | undefined): MessageListMessage['status'] {
  switch (status) {
    case 'scheduled':
      return 'scheduled';
    case 'delivered':
      return 'delivered';
    case 'undelivered':
    case 'failed':
      return 'notDelivered';
    case 'untranslated':
      return 'notSent';
    default:
      return 'sent';
  }
}

/** Who wrote it: the tutor, the family (messageType 'activity'), or the organisation's team. */
function senderOf(
  message: Pick<Message, 'isFromTutor' | 'messageType'>,
): MessageListMessage['from'] {
  if (message.isFromTutor === 'Yes') return 'tutor';
  return message.messageType === 'activity' ? 'family' : 'team';
}

/**
 * A message of POST /tutor/messages as the chat shows it (the api's wire names, `isFromTutor:
 * 'Yes'`, `dateSent`, `deliveryStatus`, `media`, become the ui's product words). A status, a
 * reason and 'sent as written' belong to the tutor's own texts only; 'not translated' and
 * pictures to the family's replies only, whatever else the record carries.
 */
export function toMessageView(message: Message): MessageListMessage {
  const from = senderOf(message);
  const view: MessageListMessage = {
    id: message.id,
    from,
    text: message.body,
    sentAt: message.dateSent,
  };
  if (from === 'tutor') {
    view.status = toMessageStatus(message.deliveryStatus);
    if (view.status === 'notDelivered' && message.failure) {
      view.failureReason = message.failure.reason;
    }
    if (message.sentAsWritten) view.sentAsWritten = true;
    if (view.status === 'scheduled' && message.scheduledFor) {
      view.scheduledFor = message.scheduledFor;
    }
  } else {
    if (message.notTranslated && !message.translation) view.notTranslated = true;
    if (message.media && message.media.length > 0) {
      view.photos = message.media.map((media) => ({ id: media.id }));
    }
  }
  if (message.translation && !view.sentAsWritten) {
    const { languageName, languageCode, text } = message.translation;
    view.translation = { languageName, languageCode, text };
  }
  return view;
}

/** A text the tutor sent that the server has not answered yet. */
export interface PendingText {
  /** Tells two texts in flight apart (the mutation's own id). */
  key: number;
  text: string;
  /** When the tutor pressed Send, on the page's clock. */
  sentAt: string;
}

/**
 * The chat's messages: the server's, then the texts still on their way to it, each shown at
 * once as the tutor's bubble, 'Sending…'. Their ids cannot be a server's (`sending-…`).
 */
export function toMessageViews(
  messages: readonly Message[],
  pending: readonly PendingText[] = [],
): MessageListMessage[] {
  return [
    ...messages.map(toMessageView),
    ...pending.map(
      (text): MessageListMessage => ({
        id: `sending-${text.key}`,
        from: 'tutor',
        text: text.text,
        sentAt: text.sentAt,
        status: 'sending',
      }),
    ),
  ];
}
