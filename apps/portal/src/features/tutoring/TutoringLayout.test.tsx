import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ApiClient } from '@tutoring/api/client';
import { actionItems, portalAnnouncements, tutorMaya } from '@tutoring/api/mocks/fixtures';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestServices } from '../../lib/testing/testServices';
import {
  answer,
  createFakeDashboardApi,
  failure,
  renderTutoringArea,
  signedInMaya,
} from './tutoringTestHarness';

const holder = vi.hoisted(() => ({
  api: undefined as
    | undefined
    | { GET: (...args: never[]) => unknown; POST: (...args: never[]) => unknown },
}));

/** The tutoring area at `at`, signed in as Maya, over this test's stand-in API. */
const renderArea = (at?: string) =>
  renderTutoringArea(
    createTestServices({
      auth: () => signedInMaya,
      api: {
        GET: ((...args: never[]) => holder.api?.GET(...args)) as ApiClient['GET'],
        POST: ((...args: never[]) => holder.api?.POST(...args)) as ApiClient['POST'],
      },
      callables: {
        setLatestViewedAnnouncement: async (data) => data,
        launchLearningPortalForStudent: async () => 'https://learning.example.org/launch',
      },
    }),
    at,
  );

let api: ReturnType<typeof createFakeDashboardApi>;

beforeEach(() => {
  api = createFakeDashboardApi();
  holder.api = api.client;
  // No new announcement unless a test says so: the popup would cover the page.
  api.answers.set('GET /tutor', () =>
    answer({ ...structuredClone(tutorMaya), hasNewAnnouncement: false }),
  );
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const sidebar = () => within(screen.getByRole('navigation', { name: 'Tutoring Dashboard' }));

describe('TutoringLayout', () => {
  it('starts GET /tutor, /portal-announcement and /action-item together, before any answers', async () => {
    for (const path of ['/tutor', '/portal-announcement', '/action-item']) {
      api.answers.set(`GET ${path}`, () => 'hold');
    }
    await renderArea();

    expect(api.calls.map((call) => `${call.method} ${call.path}`).sort()).toEqual([
      'GET /action-item',
      'GET /portal-announcement',
      'GET /tutor',
    ]);
    expect(api.calls.every((call) => !call.settled)).toBe(true);
    expect(screen.getByRole('progressbar', { name: 'Loading your account' })).toBeTruthy();
  });

  it('shows the header and the sidebar with the unread and incomplete counts', async () => {
    await renderArea();

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Maya!' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /^Update Information/ })).toBeTruthy();
    // Each loaded once: the home page subscribing to the same queries does not fetch again.
    for (const path of ['/tutor', '/portal-announcement', '/action-item']) {
      expect(api.callsTo('GET', path)).toHaveLength(1);
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
    expect(sidebar().getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBe('page');
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
    api.answers.set('GET /tutor', () =>
      answer({ ...tutorMaya, hasNewAnnouncement: false, Availability_Form: null, Tutor_ID: '' }),
    );
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
    api.answers.set('GET /tutor', () =>
      failure(404, 'NOT_FOUND', 'We cannot find your account in our system.'),
    );
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
    api.answers.set('GET /tutor', () =>
      failure(403, 'PERMISSION_DENIED', 'Sign in with your organisation account.'),
    );
    await renderArea();
    expect(
      await screen.findByRole('heading', { name: 'This account cannot open the Tutor Portal' }),
    ).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain(
      'The Tutor Portal is only for @tutoring.example.org accounts.',
    );
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
    api.answers.set('POST /portal-announcement/status', () => 'hold');
    const dialog = await openUpdates();
    await act(async () => {
      fireEvent.click(
        within(dialog).getByRole('button', { name: 'Mark as read: Winter break dates' }),
      );
    });

    expect(within(dialog).getByRole('button', { name: /Marking as read\.\.\./ })).toBeTruthy();
    const [call] = api.callsTo('POST', '/portal-announcement/status');
    expect(call?.body).toEqual({ announcementId: 'pa-003' });
    expect(sidebar().getByRole('button', { name: 'Updates (2 unread)' })).toBeTruthy();

    await act(async () => {
      call?.settle(answer({ announcementId: 'pa-003', readAt: '2026-11-20T10:00:00.000Z' }));
    });
    await waitFor(() =>
      expect(sidebar().getByRole('button', { name: 'Updates (1 unread)' })).toBeTruthy(),
    );
    expect(within(dialog).getByText('1 unread')).toBeTruthy();
    expect(
      within(dialog).queryByRole('button', { name: 'Mark as read: Winter break dates' }),
    ).toBeNull();
  });

  it('reverts to unread and logs the error when marking fails', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    api.answers.set('POST /portal-announcement/status', () =>
      failure(500, 'INTERNAL', 'Database unavailable.'),
    );
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
    api.answers.set('POST /action-item/complete', () => 'hold');
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
    const [call] = api.callsTo('POST', '/action-item/complete');
    expect(call?.body).toEqual({ itemId: 'ai-104' });

    await act(async () => {
      call?.settle(failure(500, 'INTERNAL', 'Database unavailable.'));
    });
    await waitFor(() => expect(logged).toHaveBeenCalled());
    // §4: no undo, also when the request failed.
    expect(within(dialog).getByText('1 incomplete')).toBeTruthy();
    expect(sidebar().getByRole('button', { name: 'Tasks (1 not completed)' })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: /^Mark as complete/ })).toBeNull();
  });

  it('treats a failed or non-list action-item answer as no items', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    api.answers.set('GET /action-item', () => answer({ items: actionItems }));
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
    api.answers.set('GET /portal-announcement', () => failure(500, 'INTERNAL', 'Down.'));
    await renderArea();
    await screen.findByRole('heading', { level: 1, name: 'Welcome, Maya!' });
    await waitFor(() => expect(logged).toHaveBeenCalled());
    await act(async () => {
      fireEvent.click(sidebar().getByRole('button', { name: 'Updates' }));
    });
    expect(within(screen.getByRole('dialog')).getByText('No Available Updates')).toBeTruthy();
    expect(portalAnnouncements.length).toBeGreaterThan(0);
  });
});
