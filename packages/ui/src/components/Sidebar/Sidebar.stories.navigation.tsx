/* Story support shared by the Sidebar, Drawer and AppShell stories: example navigation groups and
   a logo, not server data (the stories take that from the api package's mock data). The portal
   passes its own links from its config; these example.org addresses exist only in Storybook. The
   name keeps it out of the `*.stories.@(ts|tsx)` glob of .storybook/main.ts: it holds no stories. */
import { Icon } from '../Icon/Icon';
import type { SidebarGroup } from './Sidebar';

const logoSvg =
  "<svg xmlns='http://www.w3.org/2000/svg' width='148' height='32' viewBox='0 0 148 32'>" +
  "<rect width='32' height='32' rx='8' fill='%231f4fa8'/>" +
  "<path d='M9 11h14M16 11v12' stroke='white' stroke-width='3' stroke-linecap='round'/>" +
  "<text x='40' y='22' font-family='Liberation Sans, Arial, sans-serif' font-size='16' " +
  "font-weight='700' fill='%231b2330'>Tutoring</text></svg>";

/** The organisation's logo as the portal would pass it (an image with alt text). */
export const storyLogo = (
  <img src={`data:image/svg+xml,${logoSvg}`} alt="Volunteer Tutoring" width={148} height={32} />
);

export const tutoringGroups = ({
  onUpdates,
  onTasks,
  unread = 2,
  openTasks = 3,
}: {
  onUpdates: () => void;
  onTasks: () => void;
  unread?: number;
  openTasks?: number;
}): SidebarGroup[] => [
  {
    id: 'main',
    items: [
      {
        kind: 'link',
        id: 'home',
        label: 'Home',
        href: '/tutoring',
        isCurrent: true,
        icon: <Icon name="home" />,
      },
      {
        kind: 'action',
        id: 'updates',
        label: 'Updates',
        onPress: onUpdates,
        icon: <Icon name="bell" />,
        badge: { count: unread, label: `${unread} unread` },
      },
      {
        kind: 'action',
        id: 'tasks',
        label: 'Tasks',
        onPress: onTasks,
        icon: <Icon name="tasks" />,
        badge: { count: openTasks, label: `${openTasks} not completed` },
      },
    ],
  },
  {
    id: 'sessions',
    title: 'Session Management',
    items: [
      {
        kind: 'link',
        id: 'progress',
        label: 'Weekly Progress Report',
        href: 'https://forms.example.org/weekly-progress',
        external: true,
      },
      {
        kind: 'link',
        id: 'sub',
        label: 'Request a Sub',
        href: 'https://forms.example.org/request-sub',
        external: true,
      },
      {
        kind: 'link',
        id: 'volunteer-sub',
        label: 'Volunteer as a sub',
        href: 'https://forms.example.org/volunteer-sub',
        external: true,
      },
    ],
  },
  {
    id: 'support',
    title: 'Support & Resources',
    items: [
      ['help', 'Help Center'],
      ['handbook', 'Tutor Handbook'],
      ['office-hours', 'Sign Up for Office Hours'],
      ['demo', 'Learning Portal Demo'],
      ['feature', 'Request a Feature'],
      ['bug', 'Report a bug'],
    ].map(([id = '', label = '']) => ({
      kind: 'link' as const,
      id,
      label,
      href: `https://help.example.org/${id}`,
      external: true,
    })),
  },
  {
    id: 'account',
    items: [
      {
        kind: 'link',
        id: 'logout',
        label: 'Log Out',
        href: '/logout',
        icon: <Icon name="logOut" />,
      },
    ],
  },
];

export const onboardingGroups = ({
  currentHref = '/onboarding',
}: {
  currentHref?: string;
} = {}): SidebarGroup[] => [
  {
    id: 'main',
    items: [
      {
        kind: 'link',
        id: 'dashboard',
        label: 'Dashboard',
        href: '/onboarding',
        isCurrent: currentHref === '/onboarding',
        icon: <Icon name="home" />,
        children: [
          { id: 'waiver', label: 'Waiver', href: '/onboarding/waiver', isCompleted: true },
          { id: 'training', label: 'Training', href: '/onboarding/training', isCompleted: false },
          {
            id: 'background-check',
            label: 'Background Check',
            href: '/onboarding/background-check',
            isCompleted: false,
            isCurrent: currentHref === '/onboarding/background-check',
          },
          {
            id: 'availability',
            label: 'Availability',
            href: '/onboarding/availability',
            isCompleted: true,
          },
        ],
      },
    ],
  },
  {
    id: 'support',
    title: 'Support',
    items: [
      ['faq', 'FAQ'],
      ['resources', 'Tutor Resources'],
      ['meet', 'Meet with Onboarding Support'],
      ['contact', 'Contact Onboarding Support'],
    ].map(([id = '', label = '']) => ({
      kind: 'link' as const,
      id,
      label,
      href: `https://help.example.org/onboarding/${id}`,
      external: true,
    })),
  },
];
