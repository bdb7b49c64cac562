import type { RouteObject } from 'react-router';

/**
 * The tutoring area's other pages (learning pathway, session form, announcements, support,
 * notification settings), children of the tutoring layout (paths relative to /tutoring). Each is
 * its own chunk.
 */
export const tutoringPageRoutes: RouteObject[] = [
  {
    path: 'learning-pathway/:studentId',
    lazy: async () => {
      const { LearningPathwayPage } = await import('./learningPathway/LearningPathwayPage');
      return { Component: LearningPathwayPage };
    },
  },
  {
    path: 'session-form',
    lazy: async () => {
      const { SessionFormPage } = await import('./sessionForm/SessionFormPage');
      return { Component: SessionFormPage };
    },
  },
  {
    path: 'announcements',
    lazy: async () => {
      const { AnnouncementsPage } = await import('./announcements/AnnouncementsPage');
      return { Component: AnnouncementsPage };
    },
  },
  {
    path: 'support',
    lazy: async () => {
      const { SupportPage } = await import('./support/SupportPage');
      return { Component: SupportPage };
    },
  },
  {
    path: 'settings',
    lazy: async () => {
      const { NotificationSettingsPage } = await import('./settings/NotificationSettingsPage');
      return { Component: NotificationSettingsPage };
    },
  },
];
