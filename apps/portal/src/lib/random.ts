import { createContext, use } from 'react';

/**
 * Where the portal's few random choices come from (the Learning Hub's Check In prompt, §5): the
 * product uses Math.random; Storybook and tests fix it, so a screen looks the same every time.
 */
export const RandomContext = createContext<() => number>(() => Math.random());

export function useRandom(): () => number {
  return use(RandomContext);
}
