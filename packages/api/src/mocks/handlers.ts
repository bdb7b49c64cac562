import { createActionItemsHandlers } from './action-items';
import { createAnnouncementsHandlers } from './announcements';
import type { MockOptions } from './contract';
import { createMessagesHandlers } from './messages';
import { createOnboardingHandlers } from './onboarding';
import { createPathwaysHandlers } from './pathways';
import { createSignInHandlers } from './sign-in';
import { createTutorHandlers } from './tutor';

/** One fresh, stateful handler set for every path of openapi.yaml, e.g. for a dev mock server. */
export function createHandlers(options: MockOptions = {}) {
  return [
    ...createTutorHandlers(options),
    ...createMessagesHandlers(options),
    ...createAnnouncementsHandlers(options),
    ...createActionItemsHandlers(options),
    ...createOnboardingHandlers(options),
    ...createSignInHandlers(options),
    ...createPathwaysHandlers(options),
  ];
}
