// The modules a visit to the tutoring area renders its first screen with, in one import for the
// app's entry to ask for early (src/app/signedInAreaPrefetch.ts). Importing them here only starts
// their download and evaluation: the router still renders each from its own lazy route.

export * as productionQueryClient from '../../app/productionQueryClient';
export * as queryProvider from '../../app/QueryProvider';
export * as guard from '../../auth/RequireGoogleSession';
// One chunk with the layout, the dashboard and the messenger (scripts/signedInChunks.ts).
export * as layout from './TutoringLayout';
