// In-app route paths (§2) that pages link to. External URLs live in src/config.
export const paths = {
  landing: '/',
  auth: '/auth',
  googleSignIn: '/auth/google',
  logout: '/logout',
  credits: '/credits',
  comingSoon: '/coming-soon',
  error400: '/error400',
  error500: '/error500',
  onboarding: '/onboarding',
  tutoring: '/tutoring',
  tutoringSessionForm: '/tutoring/session-form',
  tutoringAnnouncements: '/tutoring/announcements',
  tutoringSupport: '/tutoring/support',
  tutoringSettings: '/tutoring/settings',
} as const;

/** Whether `pathname` is the area's own path or one below it ('/tutoring', '/tutoring/…'). */
export function isInArea(pathname: string, area: string): boolean {
  return pathname === area || pathname.startsWith(`${area}/`);
}

/** A student's Learning Hub (§2 learning-pathway/{studentId}); the id is the student's record id. */
export function learningPathwayPath(studentId: string): string {
  return `/tutoring/learning-pathway/${encodeURIComponent(studentId)}`;
}

/** Where every chat's path starts. */
export const messengerPathPrefix = '/tutoring/messenger/';

/** The chat with a student's guardian (§2 messenger); the id is the student's record id. */
export function messengerPath(studentId: string): string {
  return `${messengerPathPrefix}${encodeURIComponent(studentId)}`;
}
