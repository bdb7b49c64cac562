import { createActionItemsHandlers } from './action-items';
import { createAnnouncementsHandlers } from './announcements';
import type { MockOptions } from './contract';
import { createMockDb } from './db';
import { createHealthHandlers } from './health';
import { createIntegrationHandlers } from './integration';
import { createMediaHandlers } from './media';
import { createMessagesHandlers } from './messages';
import { createNotificationsHandlers } from './notifications';
import { createOnboardingHandlers } from './onboarding';
import { createPathwaysHandlers } from './pathways';
import { createScheduledMessagesHandlers } from './scheduled';
import { createSignInHandlers } from './sign-in';
import { createTutorHandlers } from './tutor';

/**
 * Handlers for every operation of openapi.yaml over one database (`options.db`, or a fresh
 * default one), with `options.behaviour` applied: e.g. for a story,
 * `createHandlers({ db: createMockDb(scenarios.manyTasks), behaviour: { 'GET /tutor': { delay: 'infinite' } } })`.
 */
export function createHandlers(options: MockOptions = {}) {
  const shared: MockOptions = { ...options, db: options.db ?? createMockDb() };
  return [
    ...createTutorHandlers(shared),
    ...createMessagesHandlers(shared),
    ...createScheduledMessagesHandlers(shared),
    ...createNotificationsHandlers(shared),
    ...createMediaHandlers(shared),
    ...createAnnouncementsHandlers(shared),
    ...createActionItemsHandlers(shared),
    ...createOnboardingHandlers(shared),
    ...createSignInHandlers(shared),
    ...createPathwaysHandlers(shared),
    ...createHealthHandlers(shared),
    ...createIntegrationHandlers(shared),
  ];
}
