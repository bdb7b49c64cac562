import { Box } from '@tutoring/ui/components/Box/Box';
import { Button } from '@tutoring/ui/components/Button/Button';
import { ChatInfoLine } from '@tutoring/ui/components/ChatInfoLine/ChatInfoLine';
import { Composer } from '@tutoring/ui/components/Composer/Composer';
import { Inline } from '@tutoring/ui/components/Inline/Inline';
import { Link } from '@tutoring/ui/components/Link/Link';
import { MessageList } from '@tutoring/ui/components/MessageList/MessageList';
import { Notice } from '@tutoring/ui/components/Notice/Notice';
import { Spinner } from '@tutoring/ui/components/Spinner/Spinner';
import { Stack } from '@tutoring/ui/components/Stack/Stack';
import { optOutNextStep, optOutText } from '@tutoring/ui/lib/familyTexts/familyTexts';
import { useParams } from 'react-router';
import { organisation } from '../../../config/organisation';
import { isApiError, referenceOf } from '../../../lib/apiError';
import { useClock } from '../../../lib/clock';
import { paths } from '../../../lib/paths';
import { useIsOnline } from '../../../lib/useIsOnline';
import { toTextOptOut } from '../studentViewModel';
import * as styles from './MessengerPage.css';
import { toMessageViews } from './messageViewModel';
import { translatedTextsNote } from './translatedTexts';
import { type Conversation, isChatNotFound, useConversationQuery } from './useConversationQuery';
import { useMarkConversationRead } from './useMarkConversationRead';
import { useMessageDraft } from './useMessageDraft';
import { useMessagePhotoLoader } from './useMessagePhotoLoader';
import { useRetryMessageMutation } from './useRetryMessageMutation';
import { useCancelScheduledMutation, useSendNowMutation } from './useScheduledTextActions';
import { useSendAsWrittenMutation } from './useSendAsWrittenMutation';
import { usePendingTexts, useSendMessageMutation } from './useSendMessageMutation';

/** §2: the sender shown for messages of any type but 'activity' (the organisation's admins). */
export const adminSenderLabel = `${organisation.name} Admin`;

const backToDashboard = 'Back to the dashboard';

/** Issue 39: the chat's one polite notice while the device has no network. */
export const offlineNoticeText =
  'You are offline. Your message will stay here until you can send it.';

/** Issue 39: why Send waits while offline, next to it and its description. */
export const waitingForNetworkText =
  'Waiting for the network. Press Send when you are back online.';

/** Why a text did not go (sent or sent again), in words a tutor can act on. */
export function sendFailureText(error: unknown): string {
  if (isApiError(error, 409)) {
    return 'This family has opted out of texts, so it was not sent.';
  }
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
 * /tutoring/messenger/:studentId: the chat with one student's guardian (§2, §4), a messaging
 * screen as tall as the window. The header names the guardian and the student; one compact line
 * shows the private forwarding number (studentTwilio, never the guardian's own) and the family's
 * language, the explanations one press away. The conversation is polled every 5 s while this
 * page is open and the tab is visible. Every text of the tutor's shows its status ('Sending…',
 * 'Sent', 'Delivered', 'Not delivered: <reason>' with Retry, 'Not sent: …' with Retry and Send in
 * English, 'Scheduled for 8:00 AM' with Send now and Cancel for a text held for the family's quiet
 * hours); a family's pictures show in their bubble. A family that opted out of texts (issue 35) is
 * said in the composer's place, which is disabled; a family's HELP is on the info line. A student
 * who is not the tutor's own (the server's 404) gets a not-found message. Nothing typed is lost
 * (issue 39): the text being written is kept on the device per tutor and student until it is
 * sent or emptied; offline, one polite notice says the message stays, Send waits and says why,
 * and the chat is fetched again when the network returns (nothing is sent by itself).
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
        // Another chat is another screen: its announcements, marks and actions start afresh.
        key={studentId}
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
        <Notice
          variant="failure"
          title="The chat could not be loaded."
          reference={referenceOf(conversation.error)}
        >
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

/** The names the chat shows for the guardian and the student. */
function chatNames(student: Conversation['student']) {
  const guardianName =
    fullName(student.Guardian_First_Name, student.Guardian_Last_Name) ||
    `${student.First_Name}'s guardian`;
  return {
    guardianName,
    guardianFirstName: student.Guardian_First_Name.trim() || guardianName,
    studentName: fullName(student.First_Name, student.Last_Name),
  };
}

/**
 * The chat itself, a messaging screen: a short header (back, who, the compact line of the
 * forwarding number and the family's language), the transcript filling the height, and the
 * composer pinned at the bottom. New texts show at once as 'Sending…'; the newest message on
 * screen marks the chat read.
 */
function ChatView({ studentId, conversation, refreshFailed }: ChatViewProps) {
  // The date labels (Today, Yesterday, a weekday) count from now; every poll renders again.
  const now = useClock();
  const { student, messages } = conversation;
  const sendMessage = useSendMessageMutation(studentId);
  const pendingTexts = usePendingTexts(studentId);
  const retryMessage = useRetryMessageMutation(studentId);
  const sendAsWritten = useSendAsWrittenMutation(studentId);
  const sendNow = useSendNowMutation(studentId);
  const cancelScheduled = useCancelScheduledMutation(studentId);
  const loadPhoto = useMessagePhotoLoader();
  useMarkConversationRead(studentId, messages.at(-1)?.id);
  const draft = useMessageDraft(studentId);
  const isOnline = useIsOnline();
  const names = chatNames(student);
  const { familyLanguage } = student;

  return (
    <Stack gap={{ all: 'md', belowMobile: 'sm' }} className={styles.chat}>
      <title>{`Chat with ${names.guardianName} · Tutoring Dashboard`}</title>
      <Stack gap="xxs">
        <Link href={paths.tutoring}>{backToDashboard}</Link>
        <h1 className={styles.chatTitle}>Chat with {names.guardianName}</h1>
        <p className={styles.studentLine}>
          {names.studentName ? `Guardian of ${names.studentName}` : 'Guardian of your student'}
        </p>
        <ChatInfoLine
          forwardingNumber={student.studentTwilio}
          guardianFirstName={names.guardianFirstName}
          familyLanguage={familyLanguage}
          helpRequestedAt={student.helpRequestedAt}
        />
      </Stack>
      {refreshFailed && isOnline ? (
        <Notice variant="warn" title="New messages could not be loaded.">
          The portal keeps trying every few seconds. Messages shown may be out of date.
        </Notice>
      ) : null}
      <MessageList
        messages={toMessageViews(messages, pendingTexts)}
        guardianName={names.guardianName}
        teamLabel={adminSenderLabel}
        now={new Date(now())}
        headingLevel={2}
        onRetry={retryMessage.retry}
        retryingMessageIds={retryMessage.retryingMessageIds}
        onSendAsWritten={sendAsWritten.sendAsWritten}
        sendingAsWrittenMessageIds={sendAsWritten.sendingMessageIds}
        onSendNow={sendNow.sendNow}
        sendingNowMessageIds={sendNow.sendingNowMessageIds}
        onCancelScheduled={cancelScheduled.cancel}
        cancellingMessageIds={cancelScheduled.cancellingMessageIds}
        familyLanguage={familyLanguage}
        loadPhoto={loadPhoto}
        className={styles.log}
      />
      <ActionNotices
        messages={messages}
        retryMessage={retryMessage}
        sendAsWritten={sendAsWritten}
        sendMessage={sendMessage}
        scheduled={{ sendNow, cancel: cancelScheduled }}
      />
      {isOnline ? null : <Notice variant="warn">{offlineNoticeText}</Notice>}
      <Composer
        label={`Message to ${names.guardianFirstName}`}
        onSend={async (text) => {
          await sendMessage.mutateAsync({ text, sentAt: new Date(now()).toISOString() });
        }}
        textNote={(text) => translatedTextsNote(text, familyLanguage)}
        disabledReason={optOutReason(student.textOptOut)}
        returnedText={cancelScheduled.returnedText}
        waitingReason={isOnline ? null : waitingForNetworkText}
        defaultValue={draft.text}
        onDraftChange={draft.save}
        className={styles.composer}
      />
    </Stack>
  );
}

/**
 * Why the composer is disabled (issue 35): the family opted out of texts, as the chat says it,
 * then what the tutor can and cannot do. Null while they may be texted.
 */
export function optOutReason(optOut: Conversation['student']['textOptOut'] | undefined) {
  const view = toTextOptOut(optOut);
  return view ? `${optOutText(view)}. ${optOutNextStep}` : null;
}

interface ActionNoticesProps {
  messages: Conversation['messages'];
  retryMessage: ReturnType<typeof useRetryMessageMutation>;
  sendAsWritten: ReturnType<typeof useSendAsWrittenMutation>;
  sendMessage: ReturnType<typeof useSendMessageMutation>;
  scheduled: {
    sendNow: ReturnType<typeof useSendNowMutation>;
    cancel: ReturnType<typeof useCancelScheduledMutation>;
  };
}

/**
 * Why the tutor's last action on a text did not work, under the transcript. The outcome of a
 * Retry or a Send as written is already announced by the chat's status announcements ('Not
 * delivered — …', 'Not sent — …'), so their notices are not live regions as well; a new text
 * that did not go is not in the transcript, so its failure is an alert.
 */
function ActionNotices({
  messages,
  retryMessage,
  sendAsWritten,
  sendMessage,
  scheduled,
}: ActionNoticesProps) {
  // The latest Retry of an untranslated text could not translate it either, and it still waits.
  const retriedUntranslated = retryMessage.data?.message;
  const stillUntranslated =
    retriedUntranslated?.deliveryStatus === 'untranslated' &&
    messages.some(
      (message) =>
        message.id === retriedUntranslated.id && message.deliveryStatus === 'untranslated',
    );
  return (
    <>
      {retryMessage.isError ? (
        <Notice
          variant="failure"
          title="Your message was not sent again."
          announce={false}
          reference={referenceOf(retryMessage.error)}
        >
          {sendFailureText(retryMessage.error)} It stays marked 'Not delivered' in the chat.
        </Notice>
      ) : null}
      {stillUntranslated ? (
        <Notice
          variant="warn"
          title="Your message could not be translated this time either."
          announce={false}
        >
          It is still not sent. Retry later, or send it in English as you wrote it.
        </Notice>
      ) : null}
      {sendAsWritten.isError ? (
        <Notice
          variant="failure"
          title="Your message was not sent."
          announce={false}
          reference={referenceOf(sendAsWritten.error)}
        >
          {sendFailureText(sendAsWritten.error)}{' '}
          {isApiError(sendAsWritten.error, 503)
            ? "It is marked 'Not delivered' in the chat: you can retry it."
            : 'It stays in the chat, not sent.'}
        </Notice>
      ) : null}
      {scheduled.sendNow.isError ? (
        <Notice
          variant="failure"
          title="Your scheduled text was not sent now."
          reference={referenceOf(scheduled.sendNow.error)}
        >
          {sendFailureText(scheduled.sendNow.error)}
        </Notice>
      ) : null}
      {scheduled.cancel.isError ? (
        <Notice
          variant="failure"
          title="Your scheduled text was not cancelled."
          reference={referenceOf(scheduled.cancel.error)}
        >
          {isApiError(scheduled.cancel.error, 409)
            ? 'It was already sent.'
            : `${sendFailureText(scheduled.cancel.error)} It is still scheduled.`}
        </Notice>
      ) : null}
      {sendMessage.isError ? (
        <Notice
          variant="failure"
          title="Your message was not sent."
          reference={referenceOf(sendMessage.error)}
        >
          {sendFailureText(sendMessage.error)}{' '}
          {isApiError(sendMessage.error, 429)
            ? 'Your text is back in the message box.'
            : 'Your text is back in the message box: try sending it again.'}
        </Notice>
      ) : null}
    </>
  );
}
