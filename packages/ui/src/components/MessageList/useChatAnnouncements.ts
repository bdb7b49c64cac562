import { useEffect, useRef, useState } from 'react';
import {
  type MessageSender,
  newMessageAnnouncement,
  sendingText,
  statusAnnouncement,
} from './messageStatus';

/** What the announcer needs of one message, as the list shows it. */
export interface AnnouncedMessage {
  id: string;
  from: MessageSender;
  /** Who it is shown as coming from: the guardian's name or the team's label. */
  sender: string;
  /** The words the bubble shows (a reply's English where it was translated). */
  text: string;
  photoCount: number;
  /** The status line of one of the tutor's texts ('Delivered'), else null. */
  statusText: string | null;
}

export interface Announcement {
  key: number;
  text: string;
}

/** How many announcements stay in the region; older ones go (a removal is not announced). */
const keptAnnouncements = 3;

/** What changed between two renders of the list, in the words a screen reader says. */
function changes(
  previous: ReadonlyMap<string, string | null>,
  messages: readonly AnnouncedMessage[],
): string[] {
  const texts: string[] = [];
  for (const message of messages) {
    const isNew = !previous.has(message.id);
    if (message.from !== 'tutor') {
      if (isNew)
        texts.push(newMessageAnnouncement(message.sender, message.text, message.photoCount));
      continue;
    }
    // 'Sending…' is what the tutor just did (the pressed button says so); what the server and
    // the carrier answer is news. A text that replaces its 'Sending…' copy is new and says how
    // it went.
    const { statusText } = message;
    if (statusText === null || statusText === sendingText) continue;
    if (isNew || previous.get(message.id) !== statusText) {
      texts.push(statusAnnouncement(statusText, message.text));
    }
  }
  return texts;
}

/**
 * The chat's announcements: a new message from the family or the team ('New message from Ana
 * Martinez: …') and every change of a tutor's text's status ('Delivered — “See you at 4”'),
 * each once. What the list showed when it opened is not news: the first render announces
 * nothing. Rendered into one polite live region (the transcript itself is not live, so nothing
 * is said twice).
 */
export function useChatAnnouncements(messages: readonly AnnouncedMessage[]): Announcement[] {
  const seen = useRef<Map<string, string | null> | null>(null);
  const nextKey = useRef(0);
  const [announcements, setAnnouncements] = useState<Announcement[]>([]);

  // Compared on every render: the list is at most a conversation's 500 messages.
  useEffect(() => {
    const previous = seen.current;
    seen.current = new Map(messages.map((message) => [message.id, message.statusText]));
    if (previous === null) return;
    const texts = changes(previous, messages);
    if (texts.length === 0) return;
    setAnnouncements((current) =>
      [...current, ...texts.map((text) => ({ key: nextKey.current++, text }))].slice(
        -keptAnnouncements,
      ),
    );
  });

  return announcements;
}
