import { unreadMessagesLabel } from '@tutoring/ui/components/ConversationPreview/ConversationPreview';
import { Icon } from '@tutoring/ui/components/Icon/Icon';
import type { SidebarGroup, SidebarLinkItem } from '@tutoring/ui/components/Sidebar/Sidebar';
import type { TutoringLinks } from '../../config/tutoringLinks';
import { paths } from '../../lib/paths';

export interface TutoringSidebarOptions {
  /** The location's pathname, to mark the current page. */
  currentPath: string;
  /** The families' replies not yet read, over every student: the Home badge (Home lists them). */
  unreadMessages: number;
  /** Portal announcements not yet read: the Updates badge. */
  unreadUpdates: number;
  /** Action items not yet completed: the Tasks badge. */
  incompleteTasks: number;
  onOpenUpdates: () => void;
  onOpenTasks: () => void;
  links: TutoringLinks;
}

function pageLink(
  id: string,
  label: string,
  href: string,
  currentPath: string,
  icon: SidebarLinkItem['icon'],
): SidebarLinkItem {
  const isCurrent = currentPath.replace(/\/+$/, '') === href;
  return { kind: 'link', id, label, href, isCurrent, icon };
}

function externalLink(id: string, label: string, href: string): SidebarLinkItem {
  return { kind: 'link', id, label, href, external: true };
}

/**
 * The tutoring sidebar of §2 (the mobile drawer shows the same): Home, Updates and Tasks (modals,
 * with their counts), the area's own pages, the Session Management and Support & Resources links,
 * then the account's: Notification settings (issue 35) and Log Out to /logout.
 */
export function tutoringSidebarGroups({
  currentPath,
  unreadMessages,
  unreadUpdates,
  incompleteTasks,
  onOpenUpdates,
  onOpenTasks,
  links,
}: TutoringSidebarOptions): SidebarGroup[] {
  return [
    {
      id: 'dashboard',
      items: [
        {
          ...pageLink('home', 'Home', paths.tutoring, currentPath, <Icon name="home" />),
          badge: { count: unreadMessages, label: unreadMessagesLabel(unreadMessages) },
        },
        {
          kind: 'action',
          id: 'updates',
          label: 'Updates',
          onPress: onOpenUpdates,
          icon: <Icon name="bell" />,
          badge: { count: unreadUpdates, label: `${unreadUpdates} unread` },
        },
        {
          kind: 'action',
          id: 'tasks',
          label: 'Tasks',
          onPress: onOpenTasks,
          icon: <Icon name="tasks" />,
          badge: { count: incompleteTasks, label: `${incompleteTasks} not completed` },
        },
        pageLink(
          'announcements',
          'Announcements',
          paths.tutoringAnnouncements,
          currentPath,
          <Icon name="inbox" />,
        ),
      ],
    },
    {
      id: 'session-management',
      title: 'Session Management',
      items: [
        pageLink(
          'session-form',
          'Weekly Session Form',
          paths.tutoringSessionForm,
          currentPath,
          <Icon name="document" />,
        ),
        externalLink(
          'weekly-progress-report',
          'Weekly Progress Report',
          links.weeklyProgressReport,
        ),
        externalLink('request-sub', 'Request a Sub', links.requestSub),
        externalLink('volunteer-as-sub', 'Volunteer as a sub', links.volunteerAsSub),
      ],
    },
    {
      id: 'support-resources',
      title: 'Support & Resources',
      items: [
        pageLink('support', 'Support', paths.tutoringSupport, currentPath, <Icon name="compass" />),
        externalLink('help-center', 'Help Center', links.helpCenter),
        externalLink('tutor-handbook', 'Tutor Handbook', links.tutorHandbook),
        externalLink('office-hours', 'Sign Up for Office Hours', links.officeHoursSignUp),
        externalLink('learning-portal-demo', 'Learning Portal Demo', links.learningPortalDemo),
        externalLink('request-feature', 'Request a Feature', links.requestFeature),
        externalLink('report-bug', 'Report a bug', links.reportBug),
      ],
    },
    {
      // The tutor's own account: how they are told of replies, and leaving. A page link here,
      // not in the user menu, so it shows in the sidebar and the drawer without opening anything.
      id: 'account',
      items: [
        pageLink(
          'notification-settings',
          'Notification settings',
          paths.tutoringSettings,
          currentPath,
          <Icon name="settings" />,
        ),
        {
          kind: 'link',
          id: 'log-out',
          label: 'Log Out',
          href: paths.logout,
          icon: <Icon name="logOut" />,
        },
      ],
    },
  ];
}
