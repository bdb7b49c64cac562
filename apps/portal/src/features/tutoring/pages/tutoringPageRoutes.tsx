import type { RouteObject } from 'react-router';

/**
 * The tutoring area's other pages (learning pathway, session form, announcements, support),
 * children of the tutoring layout (paths relative to /tutoring).
 */
export const tutoringPageRoutes: RouteObject[] = [];
