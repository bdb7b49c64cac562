// The modules a visit to the onboarding area renders its first screen with, in one import for the
// app's entry to ask for early (src/app/signedInAreaPrefetch.ts). Importing them here only starts
// their download and evaluation: the router still renders each from its own lazy route.

export * as productionQueryClient from '../../app/productionQueryClient';
export * as queryProvider from '../../app/QueryProvider';
export * as guard from '../../auth/RequireMagicSession';
export * as layout from './layout/OnboardingLayout';
export * as dashboard from './pages/DashboardPage';
