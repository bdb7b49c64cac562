import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  scenarios,
  studentAna,
  studentLiam,
  studentMia,
  tutorMaya,
} from '@tutoring/api/mocks/fixtures';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMockBackend, type MockBackend } from '../../testing/mockBackend';
import { signedInMaya } from '../../testing/sessions';
import { createTestServices } from '../../testing/testServices';
import { renderTutoringArea } from './testing/renderTutoringArea';
import { tutorQueryKey } from './useTutorQuery';

let backend: MockBackend;

/** The tutoring area at `at`, signed in as Maya, over this test's mock backend. */
const renderArea = (at?: string) =>
  renderTutoringArea(createTestServices({ auth: () => signedInMaya, backend }), at);

const newestWeekly = tutorMaya.weeklyAnnouncements.reduce((newest, candidate) =>
  Date.parse(candidate.created_at) > Date.parse(newest.created_at) ? candidate : newest,
);

/**
 * Whether GET /tutor flags a new announcement: Maya as the fixtures have her (the newest weekly
 * announcement not viewed yet), or with it already viewed.
 */
function withFlag(hasNewAnnouncement: boolean) {
  backend = createMockBackend({
    seed: hasNewAnnouncement ? scenarios.tutorWithThreeStudents : scenarios.noNewWeeklyAnnouncement,
  });
}

/** Stands in for window.matchMedia: only the small-screen query (max-width) matches when asked. */
function screenWidth(width: number) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: /max-width/.test(query) ? width < 640 : width >= 640,
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      }) as unknown as MediaQueryList,
  );
}

beforeEach(() => {
  withFlag(false);
  screenWidth(1280);
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the inbox on the dashboard (issue 34)', () => {
  it("previews each conversation, counts the family's unread replies and puts them in the title", async () => {
    await renderArea();
    const students = await screen.findByRole('list', { name: 'Students' });
    const ana = within(students)
      .getAllByRole('listitem')
      .find(
        (item) => item.getAttribute('data-student-id') === studentAna.Student_ID,
      ) as HTMLElement;
    // Lucía's reply this morning is unread: the badge names it, in the singular.
    expect(within(ana).getByRole('img', { name: '1 unread message' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('(1) Tutoring Dashboard'));
  });

  it('puts the students whose texts need the tutor first, with the reason in plain words', async () => {
    backend = createMockBackend({ seed: scenarios.textNotDeliveredAsSpam });
    await renderArea();
    const students = await screen.findByRole('list', { name: 'Students' });
    const [first] = within(students).getAllByRole('listitem');
    expect(
      within(first as HTMLElement).getByText(
        '1 text not delivered: the carrier blocked it as spam',
      ),
    ).toBeTruthy();
  });
});

describe('the dashboard home', () => {
  it('shows the stat cards, the students with their flags, and What’s New', async () => {
    await renderArea();
    const stats = await screen.findByLabelText('Your tutoring stats');
    expect(stats.textContent).toContain('Current Students3');
    expect(stats.textContent).toContain('Sessions46');
    expect(stats.textContent).toContain('Tutoring hours (last 30 days)6h 30m');
    expect(stats.textContent).toContain('Hours until promotion4h 0m');

    const students = screen.getByRole('list', { name: 'Students' });
    const rows = within(students).getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    for (const student of [studentAna, studentLiam, studentMia]) {
      const row = rows.find((item) => item.getAttribute('data-student-id') === student.Student_ID);
      expect(row).toBeTruthy();
      const flagged = (student.lastSession ?? 0) > 10;
      expect(within(row as HTMLElement).queryByText(/^No session in \d+ days$/) !== null).toBe(
        flagged,
      );
    }
    expect(screen.getAllByText(/No session in \d+ days/).length).toBeGreaterThan(0);
    // Ana's family reads Spanish, and this server does not translate for them: the notice says
    // so, from the server's familyLanguage. No other row has a notice.
    const ana = rows.find((item) => item.getAttribute('data-student-id') === 'S-1042');
    expect(
      within(ana as HTMLElement).getByText(
        "This family's language is Spanish. Messages are sent exactly as you write them.",
      ),
    ).toBeTruthy();
    expect(within(students).getAllByText(/language is/)).toHaveLength(1);
    expect(
      within(ana as HTMLElement)
        .getByRole('link', { name: 'Learning pathway for Ana' })
        .getAttribute('href'),
    ).toBe('/tutoring/learning-pathway/stu-ana');

    const whatsNew = screen.getByRole('region', { name: "What's New" });
    expect(within(whatsNew).getByText(newestWeekly.title)).toBeTruthy();
    // Two open items in the fixtures.
    await waitFor(() => expect(within(whatsNew).getByText('2 open tasks')).toBeTruthy());
  });

  it("opens the chat at messenger/<student's record id>", async () => {
    const { router } = await renderArea();
    const target = await screen.findByRole('button', { name: "Chat with Ana's guardian" });
    await act(async () => {
      fireEvent.click(target);
    });
    expect(router.state.location.pathname).toBe('/tutoring/messenger/stu-ana');
  });

  it("opens the Tasks modal from What's New", async () => {
    await renderArea();
    const target = await screen.findByRole('button', { name: 'View tasks' });
    await act(async () => {
      fireEvent.click(target);
    });
    expect(screen.getByRole('dialog', { name: /^Tasks/ })).toBeTruthy();
  });
});

describe('the new-announcement popup', () => {
  it('opens 2 s after announcements and tasks have loaded, then tells the server it was seen', async () => {
    vi.useFakeTimers();
    withFlag(true);
    backend.hold('GET /action-item');
    const { queryClient } = await renderArea();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5000);
    });
    // The tasks are still loading: no popup however long it takes.
    expect(screen.queryByRole('dialog')).toBeNull();

    await act(async () => {
      // The tasks arrive: none.
      backend.db.actionItems = [];
      backend.release('GET /action-item');
      await vi.advanceTimersByTimeAsync(1900);
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(backend.requestsTo('POST /tutor/mark-announcement-read')).toHaveLength(0);
    expect(backend.requestsTo('POST /functions/setLatestViewedAnnouncement')).toHaveLength(0);

    await act(async () => {
      await vi.advanceTimersByTimeAsync(100);
    });
    const popup = screen.getByRole('dialog', { name: 'New Announcement' });
    expect(within(popup).getByText(newestWeekly.title)).toBeTruthy();
    expect(backend.requestsTo('POST /tutor/mark-announcement-read')).toHaveLength(1);
    // The callable goes through Firebase's SDK, loaded on first use: its request follows shortly.
    await act(() =>
      vi.waitFor(() =>
        expect(
          backend.requestsTo('POST /functions/setLatestViewedAnnouncement').map((r) => r.body),
        ).toEqual([{ data: { id: newestWeekly.id, date: newestWeekly.created_at } }]),
      ),
    );
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(
      queryClient.getQueryData<{ hasNewAnnouncement: boolean }>(tutorQueryKey('uid-maya'))
        ?.hasNewAnnouncement,
    ).toBe(false);
    expect(backend.db.tutor?.hasNewAnnouncement).toBe(false);
    expect(backend.db.latestViewedAnnouncement).toEqual({
      id: newestWeekly.id,
      date: newestWeekly.created_at,
    });
  });

  it("waits for the server's answer on a return visit: a kept tutor's flag does not open it (issue 39)", async () => {
    vi.useFakeTimers();
    withFlag(true);
    backend.hold('GET /tutor');
    await renderTutoringArea(
      createTestServices({ auth: () => signedInMaya, backend }),
      '/tutoring',
      (queryClient) =>
        queryClient.setQueryData(tutorQueryKey('uid-maya'), tutorMaya, {
          updatedAt: performance.timeOrigin - 60 * 60 * 1000,
        }),
    );
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5000);
    });
    expect(screen.getByText('Refreshing…')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(backend.requestsTo('POST /tutor/mark-announcement-read')).toHaveLength(0);

    // The server says the announcement is still new: now it opens.
    await act(async () => {
      backend.release('GET /tutor');
      await vi.advanceTimersByTimeAsync(2100);
    });
    expect(screen.queryByText('Refreshing…')).toBeNull();
    expect(screen.getByRole('dialog', { name: 'New Announcement' })).toBeTruthy();
  });

  it('is replaced by the bell badge under 640 px, which opens the Updates modal', async () => {
    vi.useFakeTimers();
    withFlag(true);
    screenWidth(390);
    await renderArea();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5000);
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(backend.requestsTo('POST /tutor/mark-announcement-read')).toHaveLength(0);

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '2 new updates' }));
    });
    expect(screen.getByRole('dialog', { name: /^Updates/ })).toBeTruthy();
  });
});

describe('launching the learning portal', () => {
  it('opens a tab from the press and sends it to the login page with the §7 values', async () => {
    const tab = {
      opener: {},
      location: { href: 'about:blank' },
      document: { title: '', body: { textContent: '' } },
      close: vi.fn(),
    };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    await renderArea();
    const target = await screen.findByRole('button', { name: 'Launch learning portal for Ana' });
    await act(async () => {
      fireEvent.click(target);
    });
    expect(open).toHaveBeenCalledWith('', '_blank');
    await act(async () => {
      await vi.waitFor(() => expect(tab.location.href).not.toBe('about:blank'));
    });
    const url = new URL(tab.location.href);
    expect(
      backend.requestsTo('POST /functions/launchLearningPortalForStudent').map((r) => r.body),
    ).toEqual([{ data: { studentId: 'stu-ana' } }]);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      // What the mock server's launchLearningPortalForStudent answers for Ana.
      url: 'https://learn.example.org/session/stu-ana?sso=demo',
      name: 'Ana & Maya',
      studentId: 'S-1042',
      tutorId: 'T-0311',
      grade: '4th',
    });
  });

  it('shows a visible error when the launch fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const tab = {
      opener: {},
      location: { href: 'about:blank' },
      document: { title: '', body: { textContent: '' } },
      close: vi.fn(),
    };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    backend.behaviour['POST /functions/launchLearningPortalForStudent'] = {
      fail: { status: 'NOT_FOUND', message: 'No such student.' },
    };
    await renderArea();
    const target = await screen.findByRole('button', { name: 'Launch learning portal for Ana' });
    await act(async () => {
      fireEvent.click(target);
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The learning portal could not be opened for Ana.');
    expect(alert.textContent).toContain('No such student.');
    expect(tab.close).toHaveBeenCalled();
  });
});
