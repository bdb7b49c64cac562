import type { RouteObject } from 'react-router';

/** The messenger's routes, children of the tutoring layout (paths relative to /tutoring). */
export const messengerRoutes: RouteObject[] = [
  {
    // One chat per student (§2); the id is the student's record id, `studentId` in the calls.
    path: 'messenger/:studentId',
    lazy: async () => {
      const { MessengerPage } = await import('./MessengerPage');
      return { Component: MessengerPage };
    },
  },
];
