import type { RouteObject } from 'react-router';

/** The onboarding area of §2, mounted under the magic-session guard at /onboarding. */
export const onboardingRoutes: RouteObject[] = [];
