import type { RouteObject } from 'react-router';

/** The messenger's routes, children of the tutoring layout (paths relative to /tutoring). */
export const messengerRoutes: RouteObject[] = [];
