import { weeklyAnnouncements, weeklyAnnouncementsFull } from '@tutoring/api/mocks/fixtures';
import { describe, expect, it } from 'vitest';
import { toAnnouncement, toAnnouncements } from './weeklyAnnouncementViewModel';

describe('toAnnouncement', () => {
  it('maps id, title, content and created_at (as createdAt), and nothing else', () => {
    const [newest] = weeklyAnnouncements;
    if (!newest) throw new Error('fixture missing');
    expect(toAnnouncement(newest)).toEqual({
      id: 'wa-2026-11-16',
      title: 'Thanksgiving week schedule',
      content: '<p>Sessions on <strong>Thursday 26 November</strong> are optional.</p>',
      createdAt: '2026-11-16T15:00:00.000Z',
    });
  });

  it('leaves the content as the server sent it (the ui sanitises it) and the date unparsed', () => {
    const announcement = {
      id: 'wa-x',
      title: '',
      content: '<p onclick="x()">Hi</p>',
      created_at: '2026-01-02T03:04:05Z',
    };
    expect(toAnnouncement(announcement)).toEqual({
      id: 'wa-x',
      title: '',
      content: '<p onclick="x()">Hi</p>',
      createdAt: '2026-01-02T03:04:05Z',
    });
  });
});

describe('toAnnouncements', () => {
  it("keeps the server's order (the timeline sorts newest first) and every announcement", () => {
    expect(toAnnouncements(weeklyAnnouncementsFull).map((item) => item.id)).toEqual(
      weeklyAnnouncementsFull.map((item) => item.id),
    );
    expect(toAnnouncements([])).toEqual([]);
  });
});
