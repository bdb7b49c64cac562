import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import {
  conversationWithDateGroups,
  fixtureNow,
  studentAna,
  studentNoah,
} from '@tutoring/api/mocks/fixtures';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/apiError';
import { createQueryClient } from '../../../lib/queryClient';
import type { AuthState } from '../../../lib/services/sessionState';
import { createMockBackend, type MockBackend } from '../../../testing/mockBackend';
import { signedInMaya } from '../../../testing/sessions';
import { createTestServices, withServices } from '../../../testing/testServices';
import {
  conversationRefetchInterval,
  messagePollingIntervalMs,
  useConversationQuery,
} from './useConversationQuery';

const auth = vi.hoisted(() => ({ state: { status: 'loading' } as AuthState }));

function ChatProbe({ studentId }: { studentId: string }) {
  const conversation = useConversationQuery(studentId);
  return <p>{conversation.data ? `${conversation.data.messages.length} messages` : 'no data'}</p>;
}

function setTabHidden(hidden: boolean) {
  Object.defineProperty(document, 'visibilityState', {
    configurable: true,
    get: () => (hidden ? 'hidden' : 'visible'),
  });
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
  document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
}

/**
 * Lets requests already sent be answered and rendered: the answer and TanStack Query's batched
 * notifications take a few zero-delay timer turns. Far below the 5 s interval.
 */
async function letAnswersArrive() {
  await act(() => vi.advanceTimersByTimeAsync(50));
}

/** How many messages Ana's conversation has in the fixtures. */
const anaMessages = conversationWithDateGroups.length;

let backend: MockBackend;
const loads = () => backend.requestsTo('POST /tutor/messages');

/** A guardian's reply arriving at the server. */
function guardianReplies(id: string, body: string) {
  backend.db.conversations[studentAna.id]?.push({
    id,
    body,
    isFromTutor: 'No',
    dateSent: fixtureNow,
    messageType: 'activity',
  });
}

async function openChat(studentId = 'stu-ana') {
  const queryClient = createQueryClient();
  const view = render(
    withServices(
      createTestServices({ auth: () => auth.state, backend }),
      <QueryClientProvider client={queryClient}>
        <ChatProbe studentId={studentId} />
      </QueryClientProvider>,
    ),
  );
  await letAnswersArrive();
  return { ...view, queryClient };
}

describe('useConversationQuery (POST /tutor/messages, polled every 5 s while the chat is open)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    auth.state = signedInMaya;
    backend = createMockBackend();
  });

  afterEach(() => {
    cleanup();
    setTabHidden(false);
    vi.useRealTimers();
  });

  it('loads the chat when it opens, then asks again every 5000 ms', async () => {
    await openChat();
    expect(screen.getByText(`${anaMessages} messages`)).toBeTruthy();
    expect(loads().map((request) => request.body)).toEqual([{ studentId: 'stu-ana' }]);

    // The interval starts when the first answer arrived, within the 50 ms openChat waited.
    await act(() => vi.advanceTimersByTimeAsync(messagePollingIntervalMs - 100));
    expect(loads()).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(loads()).toHaveLength(2);
    await act(() => vi.advanceTimersByTimeAsync(messagePollingIntervalMs * 3));
    expect(loads()).toHaveLength(5);
  });

  it('shows a message that arrived on the server at the next poll', async () => {
    await openChat();
    guardianReplies('msg-reply', 'See you then!');
    await act(() => vi.advanceTimersByTimeAsync(messagePollingIntervalMs));
    await letAnswersArrive();
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByText(`${anaMessages + 1} messages`)).toBeTruthy();
  });

  it("sends the tag of the chat it holds: the server's 304 keeps the chat, a new reply still shows at the next poll", async () => {
    await openChat();
    await act(() => vi.advanceTimersByTimeAsync(messagePollingIntervalMs));
    await letAnswersArrive();
    const [first, unchanged] = loads();
    expect(first?.headers.get('if-none-match')).toBeNull();
    expect(unchanged?.headers.get('if-none-match')).toMatch(/^".+"$/);
    expect(unchanged?.status).toBe(304);
    expect(screen.getByText(`${anaMessages} messages`)).toBeTruthy();

    guardianReplies('msg-reply-after-304', 'Thank you!');
    await act(() => vi.advanceTimersByTimeAsync(messagePollingIntervalMs));
    await letAnswersArrive();
    expect(loads()[2]?.status).toBe(200);
    expect(screen.getByText(`${anaMessages + 1} messages`)).toBeTruthy();
  });

  it('keeps sending the tag after the chat changed: the poll after a change answers 304 again', async () => {
    await openChat();
    guardianReplies('msg-reply-1', 'See you then!');
    await act(() => vi.advanceTimersByTimeAsync(messagePollingIntervalMs));
    await letAnswersArrive();
    await act(() => vi.advanceTimersByTimeAsync(messagePollingIntervalMs));
    await letAnswersArrive();
    const [, changed, unchanged] = loads();
    expect(changed?.status).toBe(200);
    expect(unchanged?.headers.get('if-none-match')).toMatch(/^".+"$/);
    expect(unchanged?.status).toBe(304);
    expect(screen.getByText(`${anaMessages + 1} messages`)).toBeTruthy();
  });

  it('stops polling when the chat is closed (unmounted)', async () => {
    const { unmount } = await openChat();
    await act(() => vi.advanceTimersByTimeAsync(messagePollingIntervalMs));
    expect(loads()).toHaveLength(2);

    unmount();
    await act(() => vi.advanceTimersByTimeAsync(messagePollingIntervalMs * 6));
    expect(loads()).toHaveLength(2);
  });

  it('does not poll while the tab is hidden, and catches up once when it is shown again', async () => {
    await openChat();
    expect(loads()).toHaveLength(1);

    act(() => setTabHidden(true));
    await act(() => vi.advanceTimersByTimeAsync(messagePollingIntervalMs * 6));
    expect(loads()).toHaveLength(1);

    act(() => setTabHidden(false));
    await letAnswersArrive();
    expect(loads()).toHaveLength(2);
    await act(() => vi.advanceTimersByTimeAsync(messagePollingIntervalMs));
    expect(loads()).toHaveLength(3);
  });

  it("asks once for another tutor's student (404): no retries, no polling", async () => {
    // Noah is Jordan Lee's student, not Maya's.
    await openChat(studentNoah.id);
    expect(screen.getByText('no data')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(messagePollingIntervalMs * 6));
    expect(loads().map((request) => [request.body, request.status])).toEqual([
      [{ studentId: studentNoah.id }, 404],
    ]);
  });

  it('stops polling after a 4xx that follows a loaded chat (the student was reassigned)', async () => {
    await openChat();
    // Ana leaves Maya's students: the next poll answers 404.
    const tutor = backend.db.tutor;
    if (tutor) tutor.correspondents = tutor.correspondents.filter((s) => s.id !== studentAna.id);
    await act(() => vi.advanceTimersByTimeAsync(messagePollingIntervalMs));
    expect(loads().map((request) => request.status)).toEqual([200, 404]);
    await act(() => vi.advanceTimersByTimeAsync(messagePollingIntervalMs * 6));
    expect(loads()).toHaveLength(2);
  });

  it('keeps polling through a failed poll (5xx) and shows new messages once the server is back', async () => {
    await openChat();
    backend.behaviour['POST /tutor/messages'] = {
      fail: { status: 'INTERNAL', message: 'Something went wrong.' },
    };
    // The failed poll and its two retries (1 s and 2 s apart), then the next tick.
    await act(() => vi.advanceTimersByTimeAsync(messagePollingIntervalMs * 2));
    const duringOutage = loads().length;
    expect(duringOutage).toBeGreaterThan(2);
    expect(screen.getByText(`${anaMessages} messages`)).toBeTruthy();

    delete backend.behaviour['POST /tutor/messages'];
    guardianReplies('msg-after-outage', 'Back online');
    await act(() => vi.advanceTimersByTimeAsync(messagePollingIntervalMs * 2));
    expect(screen.getByText(`${anaMessages + 1} messages`)).toBeTruthy();
  });

  it('makes no request before the Google session and its token exist', async () => {
    auth.state = { status: 'loading' };
    await openChat();
    await act(() => vi.advanceTimersByTimeAsync(messagePollingIntervalMs * 2));
    expect(loads()).toHaveLength(0);
  });
});

describe('conversationRefetchInterval', () => {
  const conversation = { student: studentAna, messages: conversationWithDateGroups };
  const stateOf = (data: typeof conversation | undefined, error: Error | null) => ({
    state: { data, error } as never,
  });

  it('polls every 5000 ms once the chat has loaded', () => {
    expect(conversationRefetchInterval(stateOf(conversation, null))).toBe(5000);
  });

  it('keeps polling after a server error (5xx) while messages are shown', () => {
    const error = new ApiError(503, 'UNAVAILABLE', 'Try later');
    expect(conversationRefetchInterval(stateOf(conversation, error))).toBe(5000);
  });

  it('never polls after a 4xx, nor before the first load succeeded', () => {
    for (const status of [400, 401, 403, 404]) {
      const error = new ApiError(status, undefined, 'No');
      expect(conversationRefetchInterval(stateOf(conversation, error))).toBe(false);
    }
    expect(conversationRefetchInterval(stateOf(undefined, null))).toBe(false);
    expect(conversationRefetchInterval(stateOf(undefined, new TypeError('offline')))).toBe(false);
  });
});
