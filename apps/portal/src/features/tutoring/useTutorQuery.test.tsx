import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { fixtureNow, studentAna } from '@tutoring/api/mocks/fixtures';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/queryClient';
import type { AuthState } from '../../lib/services/sessionState';
import { createMockBackend, type MockBackend } from '../../testing/mockBackend';
import { signedInMaya } from '../../testing/sessions';
import { createTestServices, withServices } from '../../testing/testServices';
import { dashboardRefreshIntervalMs, useTutorQuery } from './useTutorQuery';

const auth = vi.hoisted(() => ({ state: { status: 'loading' } as AuthState }));

/** What the dashboard shows of the inbox: Ana's unread replies. */
function InboxProbe({ refreshWhileVisible }: { refreshWhileVisible: boolean }) {
  const tutor = useTutorQuery(auth.state, { refreshWhileVisible });
  const ana = tutor.data?.correspondents.find((student) => student.id === studentAna.id);
  return <p>{ana ? `Ana: ${ana.unreadCount} unread` : 'no data'}</p>;
}

function setTabHidden(hidden: boolean) {
  Object.defineProperty(document, 'visibilityState', {
    configurable: true,
    get: () => (hidden ? 'hidden' : 'visible'),
  });
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
  document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
}

/** Lets requests already sent be answered and rendered (a few zero-delay timer turns). */
async function letAnswersArrive() {
  await act(() => vi.advanceTimersByTimeAsync(50));
}

let backend: MockBackend;
const loads = () => backend.requestsTo('GET /tutor');

/** A reply from Ana's family arriving at the server. */
function familyReplies(id: string) {
  backend.db.conversations[studentAna.id]?.push({
    id,
    body: 'Gracias, hasta el jueves',
    isFromTutor: 'No',
    dateSent: fixtureNow,
    messageType: 'activity',
  });
}

async function showDashboard(refreshWhileVisible = true) {
  render(
    withServices(
      createTestServices({ auth: () => auth.state, backend }),
      <QueryClientProvider client={createQueryClient()}>
        <InboxProbe refreshWhileVisible={refreshWhileVisible} />
      </QueryClientProvider>,
    ),
  );
  await letAnswersArrive();
}

const unreadShown = () =>
  Number(/Ana: (\d+) unread/.exec(screen.getByText(/Ana:/).textContent ?? '')?.[1]);

describe('useTutorQuery on the dashboard (GET /tutor, asked again every 30 s while visible)', () => {
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

  it("shows a family's reply within 30 s, asking with the tag it holds: unchanged answers are 304s", async () => {
    await showDashboard();
    const before = unreadShown();
    await act(() => vi.advanceTimersByTimeAsync(dashboardRefreshIntervalMs));
    await letAnswersArrive();
    const [first, unchanged] = loads();
    expect(first?.headers.get('if-none-match')).toBeNull();
    expect(unchanged?.headers.get('if-none-match')).toMatch(/^".+"$/);
    expect(unchanged?.status).toBe(304);

    familyReplies('msg-new-reply');
    await act(() => vi.advanceTimersByTimeAsync(dashboardRefreshIntervalMs));
    await letAnswersArrive();
    expect(loads()[2]?.status).toBe(200);
    expect(unreadShown()).toBe(before + 1);
  });

  it('keeps sending the tag after the tutor changed: the next unchanged refresh is a 304 again', async () => {
    await showDashboard();
    familyReplies('msg-reply-1');
    await act(() => vi.advanceTimersByTimeAsync(dashboardRefreshIntervalMs));
    await letAnswersArrive();
    await act(() => vi.advanceTimersByTimeAsync(dashboardRefreshIntervalMs));
    await letAnswersArrive();
    const [, changed, unchanged] = loads();
    expect(changed?.status).toBe(200);
    expect(unchanged?.headers.get('if-none-match')).toMatch(/^".+"$/);
    expect(unchanged?.status).toBe(304);
  });

  it('asks nothing while the tab is hidden, and once when it is shown again', async () => {
    await showDashboard();
    act(() => setTabHidden(true));
    await act(() => vi.advanceTimersByTimeAsync(dashboardRefreshIntervalMs * 5));
    expect(loads()).toHaveLength(1);
    act(() => setTabHidden(false));
    await letAnswersArrive();
    expect(loads().length).toBeLessThanOrEqual(2);
    await act(() => vi.advanceTimersByTimeAsync(dashboardRefreshIntervalMs));
    expect(loads().length).toBeGreaterThanOrEqual(2);
  });

  it('does not refresh on the other pages of the area, which do not ask for it', async () => {
    await showDashboard(false);
    await act(() => vi.advanceTimersByTimeAsync(dashboardRefreshIntervalMs * 3));
    expect(loads()).toHaveLength(1);
  });
});
