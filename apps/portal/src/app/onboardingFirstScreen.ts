// The modules a visit to the onboarding area renders its first screen with, in one import for the
// app's entry to ask for early (signedInAreaPrefetch.ts; scripts/signedInChunks.ts puts this file
// in the area's chunk). Importing them here only starts their download and evaluation: the router
// still renders each from its own lazy route.

import './productionQueryClient';
import './QueryProvider';
import '../auth/RequireMagicSession';
import '../features/onboarding/layout/OnboardingLayout';
import '../features/onboarding/pages/DashboardPage';
