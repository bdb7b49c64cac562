import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { actionItems, scenarios, tutorMaya } from '@tutoring/api/mocks/fixtures';
import { HttpResponse, http } from 'msw';
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

beforeEach(() => {
  // No new announcement unless a test says so: the popup would cover the page.
  backend = createMockBackend({ seed: scenarios.noNewWeeklyAnnouncement });
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const sidebar = () => within(screen.getByRole('navigation', { name: 'Tutoring Dashboard' }));

describe('TutoringLayout', () => {
  it('starts GET /tutor, /portal-announcement and /action-item together, before any answers', async () => {
    backend.hold('GET /tutor');
    backend.hold('GET /portal-announcement');
    backend.hold('GET /action-item');
    await renderArea();

    expect(backend.requests.map((request) => request.operation).sort()).toEqual([
      'GET /action-item',
      'GET /portal-announcement',
      'GET /tutor',
    ]);
    expect(backend.requests.every((request) => !request.answered)).toBe(true);
    expect(screen.getByRole('progressbar', { name: 'Loading your account' })).toBeTruthy();
  });

  it('shows the header and the sidebar with the unread and incomplete counts', async () => {
    await renderArea();

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Maya!' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /^Update Information/ })).toBeTruthy();
    // Each loaded once: the home page subscribing to the same queries does not fetch again.
    for (const operation of [
      'GET /tutor',
      'GET /portal-announcement',
      'GET /action-item',
    ] as const) {
      expect(backend.requestsTo(operation)).toHaveLength(1);
    }
    const facts = screen.getByText('Title').closest('dl') as HTMLElement;
    expect(within(facts).getByText('Tutor')).toBeTruthy();
    expect(within(facts).getByText('3')).toBeTruthy();
    // Maya's own form, with her ID appended (§5).
    expect(
      within(facts)
        .getByRole('link', { name: /^Tuesday 16:00-18:00/ })
        .getAttribute('href'),
    ).toBe('https://forms.example.org/availability?form=tutor&tutorID=T-0311');

    // Three announcements, one read; three items, one completed.
    await waitFor(() =>
      expect(sidebar().getByRole('button', { name: 'Updates (2 unread)' })).toBeTruthy(),
    );
    expect(sidebar().getByRole('button', { name: 'Tasks (2 not completed)' })).toBeTruthy();
    // Home lists the students: its badge counts the families' unread replies (Lucía's, to Ana).
    expect(
      sidebar().getByRole('link', { name: 'Home (1 unread message)' }).getAttribute('aria-current'),
    ).toBe('page');
    for (const name of [
      'Weekly Progress Report',
      'Request a Sub',
      'Volunteer as a sub',
      'Help Center',
      'Tutor Handbook',
      'Sign Up for Office Hours',
      'Learning Portal Demo',
      'Request a Feature',
      'Report a bug',
    ]) {
      const link = sidebar().getByRole('link', { name: `${name} (opens in a new tab)` });
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('href')).toMatch(/^https:\/\//);
    }
    expect(sidebar().getByRole('link', { name: 'Log Out' }).getAttribute('href')).toBe('/logout');
    expect(sidebar().getByRole('link', { name: 'Weekly Session Form' }).getAttribute('href')).toBe(
      '/tutoring/session-form',
    );
    expect(sidebar().getByRole('link', { name: 'Announcements' }).getAttribute('href')).toBe(
      '/tutoring/announcements',
    );
    expect(sidebar().getByRole('link', { name: 'Support' }).getAttribute('href')).toBe(
      '/tutoring/support',
    );
  });

  it('says when there is no availability form to link to', async () => {
    const { tutor } = scenarios.noNewWeeklyAnnouncement;
    backend = createMockBackend({
      seed: { tutor: { ...tutor, Availability_Form: null, Tutor_ID: '' } },
    });
    await renderArea();
    expect(await screen.findByText('No availability form exists for this tutor')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /^Tuesday 16:00-18:00/ })).toBeNull();
  });

  it("makes the welcome line an h2 on the area's other pages, which have their own h1", async () => {
    await renderArea('/tutoring/announcements');
    expect(await screen.findByRole('heading', { level: 2, name: 'Welcome, Maya!' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Announcements page' })).toBeTruthy();
    expect(
      sidebar().getByRole('link', { name: 'Announcements' }).getAttribute('aria-current'),
    ).toBe('page');
  });

  it('shows the account-not-found screen with its remedies for an unknown tutor (404)', async () => {
    // GET /tutor answers 404 'We cannot find your account in our system.'
    backend = createMockBackend({ seed: scenarios.tutorAccountNotFound });
    const { router } = await renderArea();

    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      expect.stringContaining('We cannot find your account in our system.'),
    );
    const steps = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(steps[0]).toMatch(/^Refresh this page/);
    expect(steps[1]).toMatch(/organisation e-mail \(@tutoring\.example\.org\)/);
    expect(steps[2]).toMatch(/report a bug/);
    expect(screen.getByRole('link', { name: /^report a bug/ }).getAttribute('target')).toBe(
      '_blank',
    );
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Use another account' })).toBeTruthy();
    expect(screen.queryByRole('navigation')).toBeNull();

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/logout'));
  });

  it('keeps the refusal screen for an account outside the organisation (403)', async () => {
    backend.behaviour['GET /tutor'] = {
      fail: { status: 'PERMISSION_DENIED', message: 'Sign in with your organisation account.' },
    };
    await renderArea();
    expect(
      await screen.findByRole('heading', { name: 'This account cannot open the Tutor Portal' }),
    ).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain(
      'The Tutor Portal is only for @tutoring.example.org accounts.',
    );
  });
});

describe('a return visit with the answers this device kept (issue 39)', () => {
  /** Maya as this device kept her an hour before the page opened: two of her three students. */
  const renderWithKeptAnswers = () =>
    renderTutoringArea(
      createTestServices({ auth: () => signedInMaya, backend }),
      '/tutoring',
      (queryClient) =>
        queryClient.setQueryData(
          tutorQueryKey('uid-maya'),
          { ...tutorMaya, correspondents: tutorMaya.correspondents.slice(0, 2) },
          { updatedAt: performance.timeOrigin - 60 * 60 * 1000 },
        ),
    );
  const studentCount = () =>
    within(screen.getByRole('list', { name: 'Students' })).getAllByRole('listitem').length;

  it("shows the kept students as refreshing, then the server's answer without the mark", async () => {
    await renderWithKeptAnswers();
    expect(screen.getByRole('status').textContent).toContain('Refreshing…');
    expect(studentCount()).toBe(2);
    await waitFor(() => expect(studentCount()).toBe(3));
    expect(screen.queryByText('Refreshing…')).toBeNull();
  });

  it('keeps them, saying it could not refresh, when the server fails', async () => {
    backend.behaviour['GET /tutor'] = {
      fail: { status: 'INTERNAL', message: 'Database unavailable.' },
    };
    await renderWithKeptAnswers();
    expect(await screen.findByText('Could not refresh.')).toBeTruthy();
    expect(screen.queryByText('Refreshing…')).toBeNull();
    expect(studentCount()).toBe(2);
  });

  it('shows the refusal, not the kept students, when the server refuses the account (403)', async () => {
    backend.behaviour['GET /tutor'] = {
      fail: { status: 'PERMISSION_DENIED', message: 'Sign in with your organisation account.' },
    };
    await renderWithKeptAnswers();
    expect(
      await screen.findByRole('heading', { name: 'This account cannot open the Tutor Portal' }),
    ).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Students' })).toBeNull();
  });
});

describe('the Updates modal', () => {
  async function openUpdates() {
    await renderArea();
    const button = await waitFor(() => sidebar().getByRole('button', { name: /^Updates \(2/ }));
    await act(async () => {
      fireEvent.click(button);
    });
    return screen.getByRole('dialog', { name: /^Updates/ });
  }

  it("shows 'Marking as read...' while pending, then the id joins the read list", async () => {
    backend.hold('POST /portal-announcement/status');
    const dialog = await openUpdates();
    await act(async () => {
      fireEvent.click(
        within(dialog).getByRole('button', { name: 'Mark as read: Winter break dates' }),
      );
    });

    expect(within(dialog).getByRole('button', { name: /Marking as read\.\.\./ })).toBeTruthy();
    const requests = backend.requestsTo('POST /portal-announcement/status');
    expect(requests.map((request) => request.body)).toEqual([{ announcementId: 'pa-003' }]);
    expect(sidebar().getByRole('button', { name: 'Updates (2 unread)' })).toBeTruthy();

    await act(async () => {
      backend.release('POST /portal-announcement/status');
    });
    await waitFor(() =>
      expect(sidebar().getByRole('button', { name: 'Updates (1 unread)' })).toBeTruthy(),
    );
    expect(within(dialog).getByText('1 unread')).toBeTruthy();
    expect(
      within(dialog).queryByRole('button', { name: 'Mark as read: Winter break dates' }),
    ).toBeNull();
    expect(backend.db.readAnnouncementIds).toContain('pa-003');
  });

  it('reverts to unread and logs the error when marking fails', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    backend.behaviour['POST /portal-announcement/status'] = {
      fail: { status: 'INTERNAL', message: 'Database unavailable.' },
    };
    const dialog = await openUpdates();
    await act(async () => {
      fireEvent.click(
        within(dialog).getByRole('button', { name: 'Mark as read: Winter break dates' }),
      );
    });

    await waitFor(() =>
      expect(
        within(dialog).getByRole('button', { name: 'Mark as read: Winter break dates' }),
      ).toBeTruthy(),
    );
    expect(sidebar().getByRole('button', { name: 'Updates (2 unread)' })).toBeTruthy();
    expect(logged).toHaveBeenCalledWith(
      expect.stringContaining('pa-003'),
      expect.objectContaining({ message: 'Database unavailable.' }),
    );
  });
});

describe('the Tasks modal', () => {
  async function openTasks() {
    await renderArea();
    const button = await waitFor(() => sidebar().getByRole('button', { name: /^Tasks \(2/ }));
    await act(async () => {
      fireEvent.click(button);
    });
    return screen.getByRole('dialog', { name: /^Tasks/ });
  }

  it('lists incomplete items first and hides Mark as complete for automatic and completed ones', async () => {
    const dialog = await openTasks();
    const titles = within(dialog)
      .getAllByRole('heading', { level: 4 })
      .map((heading) => heading.textContent);
    expect(titles).toEqual([
      'Submit your weekly progress report',
      'Complete the mid-year tutor survey',
      'Read the updated Tutor Handbook',
    ]);
    expect(within(dialog).getAllByRole('button', { name: /^Mark as complete/ })).toHaveLength(1);
    expect(within(dialog).getByText('2 incomplete')).toBeTruthy();
  });

  it('marks an item completed at once, sends POST /action-item/complete, and keeps it on failure', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    backend.hold('POST /action-item/complete');
    const dialog = await openTasks();
    await act(async () => {
      fireEvent.click(
        within(dialog).getByRole('button', {
          name: 'Mark as complete: Submit your weekly progress report',
        }),
      );
    });

    // Before the server has answered.
    expect(within(dialog).getByText('1 incomplete')).toBeTruthy();
    await waitFor(() =>
      expect(sidebar().getByRole('button', { name: 'Tasks (1 not completed)' })).toBeTruthy(),
    );
    const requests = backend.requestsTo('POST /action-item/complete');
    expect(requests.map((request) => request.body)).toEqual([{ itemId: 'ai-104' }]);

    // The held request fails when it reaches the server.
    await act(async () => {
      backend.behaviour['POST /action-item/complete'] = {
        fail: { status: 'INTERNAL', message: 'Database unavailable.' },
      };
      backend.release('POST /action-item/complete');
    });
    await waitFor(() => expect(logged).toHaveBeenCalled());
    // §4: no undo, also when the request failed.
    expect(within(dialog).getByText('1 incomplete')).toBeTruthy();
    expect(sidebar().getByRole('button', { name: 'Tasks (1 not completed)' })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: /^Mark as complete/ })).toBeNull();
    expect(backend.requestsTo('POST /action-item/complete')[0]?.status).toBe(500);
  });

  it('treats a failed or non-list action-item answer as no items', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // An answer that breaks the contract (an object, not the list): the mock server never sends
    // one, so this test alone answers it with its own handler.
    backend.use(
      http.get(backend.url('/action-item'), () => HttpResponse.json({ items: actionItems })),
    );
    await renderArea();
    await screen.findByRole('heading', { level: 1, name: 'Welcome, Maya!' });
    await act(async () => {
      fireEvent.click(sidebar().getByRole('button', { name: 'Tasks' }));
    });
    expect(within(screen.getByRole('dialog')).getByText('No Available Items')).toBeTruthy();
  });
});

describe('portal announcements', () => {
  it('shows No Available Updates when the list fails to load, and logs it', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    backend.behaviour['GET /portal-announcement'] = {
      fail: { status: 'INTERNAL', message: 'Down.' },
    };
    await renderArea();
    await screen.findByRole('heading', { level: 1, name: 'Welcome, Maya!' });
    await waitFor(() => expect(logged).toHaveBeenCalled());
    await act(async () => {
      fireEvent.click(sidebar().getByRole('button', { name: 'Updates' }));
    });
    expect(within(screen.getByRole('dialog')).getByText('No Available Updates')).toBeTruthy();
    expect(backend.db.portalAnnouncements.length).toBeGreaterThan(0);
  });
});
