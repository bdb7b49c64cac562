// In-app route paths (§2) that pages link to. External URLs live in src/config.
export const paths = {
  landing: '/',
  auth: '/auth',
  googleSignIn: '/auth/google',
  logout: '/logout',
  onboarding: '/onboarding',
  tutoring: '/tutoring',
} as const;
