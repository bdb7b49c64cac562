import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  return onlineManager.subscribe(() => onChange());
}

const isOnline = () => onlineManager.isOnline();

/**
 * Whether the browser has a network, as TanStack Query knows it (its onlineManager follows the
 * window's `online` and `offline` events, pauses queries while offline and fetches them again
 * when the network returns).
 */
export function useIsOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}
