import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { scenarios, tutorMaya, weeklyAnnouncements } from '@tutoring/api/mocks/fixtures';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMockBackend, type MockBackend } from '../../../../testing/mockBackend';
import { signedInMaya } from '../../../../testing/sessions';
import { createTestServices } from '../../../../testing/testServices';
import { renderPage } from '../testing/renderTutoringPage';
import { AnnouncementsPage } from './AnnouncementsPage';

/** Maya Chen (the default db) signed in. */
let backend: MockBackend;

const renderAnnouncements = () =>
  renderPage(AnnouncementsPage, {
    routePath: '/tutoring/announcements',
    at: '/tutoring/announcements',
    services: createTestServices({ auth: () => signedInMaya, backend }),
  });

describe('AnnouncementsPage (/tutoring/announcements)', () => {
  beforeEach(() => {
    backend = createMockBackend();
  });
  afterEach(cleanup);

  it("shows the tutor's weekly announcements as a dated timeline, newest first, with their HTML", async () => {
    // The fixtures' two weekly announcements, oldest first: the page sorts them.
    backend = createMockBackend({
      seed: { tutor: { ...tutorMaya, weeklyAnnouncements: [...weeklyAnnouncements].reverse() } },
    });
    await renderAnnouncements();
    const timeline = await screen.findByRole('list', { name: 'Announcements, newest first' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Announcements');
    const entries = within(timeline).getAllByRole('listitem');
    expect(entries.map((entry) => entry.querySelector('h2')?.textContent)).toEqual([
      'Thanksgiving week schedule',
      'New reading curriculum',
    ]);
    const date = entries[0]?.querySelector('time');
    expect(date?.getAttribute('datetime')).toBe('2026-11-16T15:00:00.000Z');
    expect(date?.textContent).toMatch(/November 16, 2026/);
    expect(entries[0]?.querySelector('strong')?.textContent).toBe('Thursday 26 November');
  });

  it("says 'No Announcements' when there are none", async () => {
    backend = createMockBackend({ seed: scenarios.noWeeklyAnnouncements });
    await renderAnnouncements();
    expect(await screen.findByRole('heading', { name: 'No Announcements' })).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('shows a spinner while loading, and an error with Try again when the tutor cannot load', async () => {
    backend.behaviour['GET /tutor'] = {
      fail: { status: 'UNAVAILABLE', message: 'Down for maintenance' },
      once: true,
    };
    await renderAnnouncements();
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Announcements could not be loaded.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Thanksgiving week schedule' })).toBeTruthy();
  });

  it('shows a loading indicator until GET /tutor answers', async () => {
    backend.hold('GET /tutor');
    await renderAnnouncements();
    expect(screen.getByRole('progressbar', { name: 'Loading announcements' })).toBeTruthy();
  });
});
