import { actionItems, portalAnnouncements } from '@tutoring/api/mocks/fixtures';
import { countUnread } from '@tutoring/ui/components/UpdatesModal/UpdatesModal';
import { describe, expect, it } from 'vitest';
import { tutoringLinks } from '../../config/tutoringLinks';
import { actionItemsFrom, countIncompleteItems, withCompletedItem } from './actionItems';
import { withReadAnnouncement } from './portalAnnouncements';
import { tutoringSidebarGroups } from './tutoringSidebarGroups';

describe('badge counts', () => {
  it('counts incomplete action items, and one fewer after a completion', () => {
    expect(countIncompleteItems(actionItems)).toBe(2);
    const after = withCompletedItem(actionItems, 'ai-104');
    expect(countIncompleteItems(after)).toBe(1);
    expect(after.find((item) => item.Action_Item_ID === 'ai-104')?.Completed).toBe(true);
    // The input is left as it was (it is the query cache's).
    expect(actionItems.find((item) => item.Action_Item_ID === 'ai-104')?.Completed).toBe(false);
  });

  it('counts unread announcements, and one fewer once an id joins the read list', () => {
    const list = { announcements: portalAnnouncements, readAnnouncementIds: ['pa-001'] };
    expect(countUnread(list.announcements, list.readAnnouncementIds)).toBe(2);
    const after = withReadAnnouncement(list, 'pa-003');
    expect(after.readAnnouncementIds).toEqual(['pa-001', 'pa-003']);
    expect(countUnread(after.announcements, after.readAnnouncementIds)).toBe(1);
    expect(withReadAnnouncement(after, 'pa-003')).toBe(after);
  });

  it('treats an action-item answer that is not a list as no items (§5)', () => {
    expect(actionItemsFrom(actionItems)).toHaveLength(3);
    for (const body of [null, undefined, {}, { items: actionItems }, 'x']) {
      expect(actionItemsFrom(body)).toEqual([]);
    }
  });
});

describe('tutoringSidebarGroups', () => {
  const groups = (currentPath: string) =>
    tutoringSidebarGroups({
      currentPath,
      unreadMessages: 3,
      unreadUpdates: 2,
      incompleteTasks: 0,
      onOpenUpdates: () => undefined,
      onOpenTasks: () => undefined,
      links: tutoringLinks,
    });

  it("puts the families' unread replies on Home, which lists the students", () => {
    const home = groups('/tutoring')[0]?.items[0];
    expect(home?.label).toBe('Home');
    expect(home?.badge).toEqual({ count: 3, label: '3 unread messages' });
  });

  it('has the §2 groups in order, with the badges on Updates and Tasks', () => {
    const result = groups('/tutoring');
    expect(result.map((group) => group.title ?? null)).toEqual([
      null,
      'Session Management',
      'Support & Resources',
      null,
    ]);
    const [main, sessions, support, account] = result;
    expect(main?.items.map((item) => item.label)).toEqual([
      'Home',
      'Updates',
      'Tasks',
      'Announcements',
    ]);
    expect(main?.items[1]?.badge).toEqual({ count: 2, label: '2 unread' });
    expect(main?.items[2]?.badge).toEqual({ count: 0, label: '0 not completed' });
    expect(sessions?.items.map((item) => item.label)).toEqual([
      'Weekly Session Form',
      'Weekly Progress Report',
      'Request a Sub',
      'Volunteer as a sub',
    ]);
    expect(support?.items.map((item) => item.label)).toEqual([
      'Support',
      'Help Center',
      'Tutor Handbook',
      'Sign Up for Office Hours',
      'Learning Portal Demo',
      'Request a Feature',
      'Report a bug',
    ]);
    expect(account?.items).toEqual([
      expect.objectContaining({
        kind: 'link',
        label: 'Notification settings',
        href: '/tutoring/settings',
      }),
      expect.objectContaining({ kind: 'link', label: 'Log Out', href: '/logout' }),
    ]);
  });

  it('marks the current page, also with a trailing slash', () => {
    const current = (path: string) =>
      groups(path)
        .flatMap((group) => group.items)
        .filter((item) => item.kind === 'link' && item.isCurrent)
        .map((item) => item.label);
    expect(current('/tutoring/')).toEqual(['Home']);
    expect(current('/tutoring/support')).toEqual(['Support']);
    expect(current('/tutoring/settings')).toEqual(['Notification settings']);
    expect(current('/tutoring/messenger/stu-ana')).toEqual([]);
  });
});
