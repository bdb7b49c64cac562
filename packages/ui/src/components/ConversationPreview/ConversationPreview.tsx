import { messageDateLabel, messageTimeLabel } from '../../lib/messageDates/messageDates';
import { visuallyHidden } from '../../theme/utilities.css';
import { Box } from '../Box/Box';
import { Icon } from '../Icon/Icon';
import { Inline } from '../Inline/Inline';
import { Stack } from '../Stack/Stack';
import * as styles from './ConversationPreview.css';

/** The newest message of a conversation, as a student's card previews it. */
export interface LastMessageSummary {
  /** Who wrote it: the tutor (shown as 'You'), the family, or the organisation's team. */
  from: 'you' | 'family' | 'team';
  /** What the chat shows of it: a reply's English where it was translated; '' for a photo alone. */
  text: string;
  /** When it was sent or received (ISO 8601). */
  sentAt: string;
  /** The family sent a picture with it. */
  hasPhoto: boolean;
}

/** The tutor's texts that need the tutor: not delivered, or not sent for want of a translation. */
export interface ConversationAttention {
  kind: 'notDelivered' | 'notSent';
  /** How many of the tutor's texts need attention. */
  count: number;
  /** Why the newest of them was not delivered, in plain words, when the provider said. */
  reason?: string | undefined;
}

/** A conversation's state, as the dashboard's inbox shows it on a student's card. */
export interface ConversationSummary {
  /** The family's replies the tutor has not seen yet. */
  unreadCount: number;
  /** The newest message; null before the first one. */
  lastMessage: LastMessageSummary | null;
  /** What needs the tutor, or null. */
  attention: ConversationAttention | null;
}

/** The unread badge's accessible name: '1 unread message', '3 unread messages'. */
export function unreadMessagesLabel(count: number): string {
  return `${count} unread message${count === 1 ? '' : 's'}`;
}

/** The warning of texts that need the tutor: '1 text not delivered', '2 texts not sent'. */
export function attentionText(attention: ConversationAttention): string {
  const texts = `${attention.count} text${attention.count === 1 ? '' : 's'}`;
  if (attention.kind === 'notSent') return `${texts} not sent: it could not be translated`;
  return attention.reason
    ? `${texts} not delivered: ${attention.reason}`
    : `${texts} not delivered`;
}

/** When the last message was sent: its time today, 'Yesterday', a weekday, or a date. */
export function lastMessageWhen(sentAt: string, now: Date): string {
  const date = new Date(sentAt);
  const day = messageDateLabel(date, now);
  return day === 'Today' ? messageTimeLabel(date) : day;
}

function senderPrefix(from: LastMessageSummary['from']): string {
  if (from === 'you') return 'You: ';
  if (from === 'team') return 'Tutoring team: ';
  return '';
}

export interface ConversationPreviewProps {
  summary: ConversationSummary;
  /** The clock the time is relative to; pass a fixed date in tests and stories. */
  now: Date;
  /** Layout only, from the caller's own `.css.ts`. */
  className?: string;
}

/**
 * A student's conversation at a glance (the dashboard's inbox): the unread badge, the newest
 * message on one line ('You: …' for the tutor's own) with its time, and a warning when a text of
 * the tutor's was not delivered or not sent. Renders nothing before the first message, unless a
 * text needs attention.
 */
export function ConversationPreview({ summary, now, className }: ConversationPreviewProps) {
  const { unreadCount, lastMessage, attention } = summary;
  if (!lastMessage && !attention) return null;
  return (
    <Stack gap="xs" minWidth={0} className={className}>
      {lastMessage ? (
        <Inline
          gap="sm"
          alignY="center"
          wrap={false}
          data-unread={unreadCount > 0 ? '' : undefined}
        >
          {unreadCount > 0 ? (
            <span role="img" aria-label={unreadMessagesLabel(unreadCount)} className={styles.badge}>
              {unreadCount > 99 ? '99+' : unreadCount}
            </span>
          ) : null}
          <p className={unreadCount > 0 ? styles.previewUnread : styles.preview}>
            <span className={visuallyHidden}>Last message: </span>
            {senderPrefix(lastMessage.from)}
            {lastMessage.hasPhoto ? (
              <Box
                as="span"
                display="inline-flex"
                alignItems="center"
                gap="xxs"
                className={styles.photo}
              >
                <Icon name="photo" size="small" />
                {lastMessage.text ? null : 'Photo'}
              </Box>
            ) : null}
            {lastMessage.hasPhoto && lastMessage.text ? ' ' : null}
            {lastMessage.text}
          </p>
          <time dateTime={lastMessage.sentAt} className={styles.time}>
            {lastMessageWhen(lastMessage.sentAt, now)}
          </time>
        </Inline>
      ) : null}
      {attention ? (
        <Box
          as="p"
          display="inline-flex"
          alignItems="start"
          gap="xs"
          className={styles.attention}
          data-attention={attention.kind}
        >
          <Icon name="alert" size="small" />
          {attentionText(attention)}
        </Box>
      ) : null}
    </Stack>
  );
}
