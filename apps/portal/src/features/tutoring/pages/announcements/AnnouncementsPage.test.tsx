import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { tutorMaya } from '@tutoring/api/mocks/fixtures';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestServices } from '../../../../lib/testing/testServices';
import { renderPage, signedInMaya, tutorAnswer, tutorFailure } from '../testing/renderTutoringPage';
import { AnnouncementsPage } from './AnnouncementsPage';

const mocks = vi.hoisted(() => ({
  auth: { state: { status: 'loading' } as import('../../../../auth/authState').AuthState },
  getTutor: vi.fn(),
}));

const renderAnnouncements = () =>
  renderPage(AnnouncementsPage, {
    routePath: '/tutoring/announcements',
    at: '/tutoring/announcements',
    services: createTestServices({
      auth: () => mocks.auth.state,
      api: { GET: mocks.getTutor, POST: vi.fn() },
    }),
  });

describe('AnnouncementsPage (/tutoring/announcements)', () => {
  beforeEach(() => {
    mocks.auth.state = signedInMaya;
    mocks.getTutor.mockReset();
  });
  afterEach(cleanup);

  it("shows the tutor's weekly announcements as a dated timeline, newest first, with their HTML", async () => {
    mocks.getTutor.mockResolvedValue(
      tutorAnswer({
        ...tutorMaya,
        weeklyAnnouncements: [
          {
            id: 'wa-old',
            title: 'Older news',
            content: '<p>Old</p>',
            created_at: '2026-11-02T15:00:00.000Z',
          },
          {
            id: 'wa-new',
            title: 'Thanksgiving week schedule',
            content: '<p>Sessions are <strong>optional</strong>.</p>',
            created_at: '2026-11-16T15:00:00.000Z',
          },
        ],
      }),
    );
    await renderAnnouncements();
    const timeline = await screen.findByRole('list', { name: 'Announcements, newest first' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Announcements');
    const entries = within(timeline).getAllByRole('listitem');
    expect(entries.map((entry) => entry.querySelector('h2')?.textContent)).toEqual([
      'Thanksgiving week schedule',
      'Older news',
    ]);
    const date = entries[0]?.querySelector('time');
    expect(date?.getAttribute('datetime')).toBe('2026-11-16T15:00:00.000Z');
    expect(date?.textContent).toMatch(/November 16, 2026/);
    expect(entries[0]?.querySelector('strong')?.textContent).toBe('optional');
  });

  it("says 'No Announcements' when there are none", async () => {
    mocks.getTutor.mockResolvedValue(tutorAnswer({ ...tutorMaya, weeklyAnnouncements: [] }));
    await renderAnnouncements();
    expect(await screen.findByRole('heading', { name: 'No Announcements' })).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('shows a spinner while loading, and an error with Try again when the tutor cannot load', async () => {
    mocks.getTutor.mockResolvedValueOnce(tutorFailure(503, 'UNAVAILABLE', 'Down for maintenance'));
    mocks.getTutor.mockResolvedValueOnce(tutorAnswer(tutorMaya));
    await renderAnnouncements();
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Announcements could not be loaded.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Thanksgiving week schedule' })).toBeTruthy();
  });

  it('shows a loading indicator until GET /tutor answers', async () => {
    mocks.getTutor.mockReturnValue(new Promise(() => undefined));
    await renderAnnouncements();
    expect(screen.getByRole('progressbar', { name: 'Loading announcements' })).toBeTruthy();
  });
});
