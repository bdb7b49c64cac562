import { Icon } from '@tutoring/ui/components/Icon/Icon';
import type { SidebarGroup } from '@tutoring/ui/components/Sidebar/Sidebar';
import { onboardingSupportLinks } from '../../../config/onboardingLinks';
import { onboardingPaths, onboardingTaskPath } from '../onboardingPaths';
import { type OnboardingUser, onboardingTasks } from '../onboardingUser';

/** Whether `pathname` is `page` or one of its sub-pages (training/knowledge-check is training). */
function isWithin(pathname: string, page: string): boolean {
  const path = pathname.replace(/\/+$/, '');
  return path === page || path.startsWith(`${page}/`);
}

/**
 * The onboarding sidebar of §2: Dashboard (the to-do list) with the four tasks, each marked
 * completed or not, then the Support group's external links.
 */
export function onboardingSidebarGroups(user: OnboardingUser, pathname: string): SidebarGroup[] {
  const path = pathname.replace(/\/+$/, '') || '/';
  return [
    {
      id: 'onboarding',
      items: [
        {
          kind: 'link',
          id: 'dashboard',
          label: 'Dashboard',
          href: onboardingPaths.dashboard,
          isCurrent: path === onboardingPaths.dashboard,
          icon: <Icon name="tasks" />,
          children: onboardingTasks(user).map((task) => {
            const href = onboardingTaskPath(task.link);
            return {
              id: task.link,
              label: task.name,
              href,
              isCompleted: task.completed,
              isCurrent: isWithin(path, href),
            };
          }),
        },
      ],
    },
    {
      id: 'support',
      title: 'Support',
      items: [
        { id: 'faq', label: 'FAQ', href: onboardingSupportLinks.faq },
        { id: 'resources', label: 'Tutor Resources', href: onboardingSupportLinks.tutorResources },
        {
          id: 'meet',
          label: 'Meet with Onboarding Support',
          href: onboardingSupportLinks.meetWithOnboardingSupport,
        },
        {
          id: 'contact',
          label: 'Contact Onboarding Support',
          href: onboardingSupportLinks.contactOnboardingSupport,
        },
      ].map((link) => ({ kind: 'link' as const, external: true, ...link })),
    },
  ];
}
