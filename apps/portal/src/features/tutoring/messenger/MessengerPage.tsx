import { Box } from '@tutoring/ui/components/Box/Box';
import { Button } from '@tutoring/ui/components/Button/Button';
import { Composer } from '@tutoring/ui/components/Composer/Composer';
import { FamilyLanguageNotice } from '@tutoring/ui/components/FamilyLanguageNotice/FamilyLanguageNotice';
import { ForwardingNumber } from '@tutoring/ui/components/ForwardingNumber/ForwardingNumber';
import { Inline } from '@tutoring/ui/components/Inline/Inline';
import { Link } from '@tutoring/ui/components/Link/Link';
import { MessageList } from '@tutoring/ui/components/MessageList/MessageList';
import { Notice } from '@tutoring/ui/components/Notice/Notice';
import { Spinner } from '@tutoring/ui/components/Spinner/Spinner';
import { Stack } from '@tutoring/ui/components/Stack/Stack';
import { useEffect, useRef } from 'react';
import { useParams } from 'react-router';
import { organisation } from '../../../config/organisation';
import { isApiError } from '../../../lib/apiError';
import { useClock } from '../../../lib/clock';
import { paths } from '../../../lib/paths';
import * as styles from './MessengerPage.css';
import { translatedTextsNote } from './translatedTexts';
import { type Conversation, isChatNotFound, useConversationQuery } from './useConversationQuery';
import { useRetryMessageMutation } from './useRetryMessageMutation';
import { useSendAsWrittenMutation } from './useSendAsWrittenMutation';
import { useSendMessageMutation } from './useSendMessageMutation';

/** §2: the sender shown for messages of any type but 'activity' (the organisation's admins). */
export const adminSenderLabel = `${organisation.name} Admin`;

const backToDashboard = 'Back to the dashboard';

/** Why a text did not go (sent or sent again), in words a tutor can act on. */
export function sendFailureText(error: unknown): string {
  if (isApiError(error, 400)) {
    return 'The message could not be accepted. Messages can be up to 1,600 characters.';
  }
  if (isApiError(error)) return error.message;
  return 'The portal could not reach the server. Check your connection.';
}

function fullName(first: string, last: string): string {
  return [first, last]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' ');
}

/**
 * /tutoring/messenger/:studentId: the chat with one student's guardian (§2, §4). The header names
 * the guardian and the student and shows the private forwarding number (studentTwilio), never
 * the guardian's own. The conversation is polled every 5 s while this page is open and the tab
 * is visible. The tutor's texts show what the SMS provider reported ('Delivered', or 'Not
 * delivered' with Retry). For a family that reads another language, the page says whether
 * messages are translated (as the server reports it); translated texts show the other side one
 * press away, and a text that could not be translated was not sent: Retry, or Send as written.
 * A student who is not the tutor's own (the server's 404) gets a not-found message.
 */
export function MessengerPage() {
  const { studentId = '' } = useParams();
  const conversation = useConversationQuery(studentId);

  if (conversation.isError && isChatNotFound(conversation.error)) {
    return (
      <Stack gap={{ all: 'lg', belowMobile: 'md' }} className={styles.page}>
        <title>Chat not found · Tutoring Dashboard</title>
        <h1 className={styles.title}>Chat not found</h1>
        <Notice variant="failure" title="This student is not one of your students.">
          The link may be mistyped, or the student may be matched with another tutor. Open a chat
          from your student list instead.
        </Notice>
        <Inline gap="md">
          <Link href={paths.tutoring} variant="primaryButton">
            {backToDashboard}
          </Link>
        </Inline>
      </Stack>
    );
  }

  if (conversation.data !== undefined) {
    return (
      <ChatView
        studentId={studentId}
        conversation={conversation.data}
        refreshFailed={conversation.isError}
      />
    );
  }

  if (conversation.isError) {
    return (
      <Stack gap={{ all: 'lg', belowMobile: 'md' }} className={styles.page}>
        <title>Chat · Tutoring Dashboard</title>
        <Link href={paths.tutoring}>{backToDashboard}</Link>
        <h1 className={styles.title}>Chat</h1>
        <Notice variant="failure" title="The chat could not be loaded.">
          Please try again in a moment.
        </Notice>
        <Inline gap="md">
          <Button
            onPress={() => void conversation.refetch()}
            isPending={conversation.isFetching}
            pendingLabel="Loading the chat"
          >
            Try again
          </Button>
        </Inline>
      </Stack>
    );
  }

  return (
    <Stack gap={{ all: 'lg', belowMobile: 'md' }} className={styles.page}>
      <title>Chat · Tutoring Dashboard</title>
      <Box display="flex" justifyContent="center" paddingBlock="xxxl">
        <Spinner label="Loading the chat" size="large" showLabel />
      </Box>
    </Stack>
  );
}

interface ChatViewProps {
  studentId: string;
  conversation: Conversation;
  /** The latest poll failed; the messages shown are the last ones that loaded. */
  refreshFailed: boolean;
}

function ChatView({ studentId, conversation, refreshFailed }: ChatViewProps) {
  // The date labels (Today, Yesterday, a weekday) count from now; every poll renders again.
  const now = useClock();
  const { student, messages } = conversation;
  const sendMessage = useSendMessageMutation(studentId);
  const retryMessage = useRetryMessageMutation(studentId);
  const sendAsWritten = useSendAsWrittenMutation(studentId);
  const chatRef = useRef<HTMLDivElement>(null);
  const studentName = fullName(student.First_Name, student.Last_Name);
  const guardianName =
    fullName(student.Guardian_First_Name, student.Guardian_Last_Name) ||
    `${student.First_Name}'s guardian`;
  const guardianFirstName = student.Guardian_First_Name.trim() || guardianName;
  const { familyLanguage } = student;
  // The latest Retry of an untranslated text could not translate it either, and it still waits.
  const retriedUntranslated = retryMessage.data?.message;
  const stillUntranslated =
    retriedUntranslated?.deliveryStatus === 'untranslated' &&
    messages.some(
      (message) =>
        message.id === retriedUntranslated.id && message.deliveryStatus === 'untranslated',
    );

  // Bring the whole chat, composer included, on screen once it has loaded; on a phone the
  // transcript then fills the screen below the top bar.
  useEffect(() => {
    chatRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, []);

  return (
    <Stack gap={{ all: 'lg', belowMobile: 'md' }} className={styles.page}>
      <title>{`Chat with ${guardianName} · Tutoring Dashboard`}</title>
      <Link href={paths.tutoring}>{backToDashboard}</Link>
      <Stack gap="xxs">
        <h1 className={styles.title}>Chat with {guardianName}</h1>
        <p className={styles.studentLine}>
          {studentName ? `Guardian of ${studentName}` : 'Guardian of your student'}
        </p>
      </Stack>
      <ForwardingNumber number={student.studentTwilio} guardianName={guardianFirstName} />
      <FamilyLanguageNotice language={familyLanguage} />
      {refreshFailed ? (
        <Notice variant="warn" title="New messages could not be loaded.">
          The portal keeps trying every few seconds. Messages shown may be out of date.
        </Notice>
      ) : null}
      <div ref={chatRef} className={styles.chat}>
        <MessageList
          messages={messages}
          guardianName={guardianName}
          adminLabel={adminSenderLabel}
          now={new Date(now())}
          headingLevel={2}
          onRetry={retryMessage.retry}
          retryingMessageIds={retryMessage.retryingMessageIds}
          onSendAsWritten={sendAsWritten.sendAsWritten}
          sendingAsWrittenMessageIds={sendAsWritten.sendingMessageIds}
          familyLanguageName={familyLanguage?.name}
          className={styles.log}
        />
        {retryMessage.isError ? (
          <Notice variant="failure" title="Your message was not sent again.">
            {sendFailureText(retryMessage.error)} It stays marked 'Not delivered' in the chat.
          </Notice>
        ) : null}
        {stillUntranslated ? (
          <Notice variant="warn" title="Your message could not be translated this time either.">
            It is still not sent. Retry later, or send it as written.
          </Notice>
        ) : null}
        {sendAsWritten.isError ? (
          <Notice variant="failure" title="Your message was not sent.">
            {sendFailureText(sendAsWritten.error)}{' '}
            {isApiError(sendAsWritten.error, 503)
              ? "It is marked 'Not delivered' in the chat: you can retry it."
              : 'It stays in the chat, not sent.'}
          </Notice>
        ) : null}
        {sendMessage.isError ? (
          <Notice variant="failure" title="Your message was not sent.">
            {sendFailureText(sendMessage.error)} Your text is still in the message box: try sending
            it again.
          </Notice>
        ) : null}
        <Composer
          label={`Message to ${guardianFirstName}`}
          onSend={async (text) => {
            await sendMessage.mutateAsync(text);
          }}
          textNote={(text) => translatedTextsNote(text, familyLanguage)}
          className={styles.composer}
        />
      </div>
    </Stack>
  );
}
