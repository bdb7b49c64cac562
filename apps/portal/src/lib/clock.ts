import { createContext, use } from 'react';

/**
 * The current time in ms, as pages read it for relative labels (the chat's Today / Yesterday, the
 * footer's year). The product uses the real clock; Storybook and tests fix it, so screenshots and
 * assertions do not change with the day they run on.
 */
export const ClockContext = createContext<() => number>(() => Date.now());

export function useClock(): () => number {
  return use(ClockContext);
}
