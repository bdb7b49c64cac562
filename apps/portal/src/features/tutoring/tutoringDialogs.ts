import { createContext, useContext } from 'react';

/** The tutoring layout's modals, which pages open too (e.g. What's New's 'View tasks'). */
export interface TutoringDialogs {
  openUpdates: () => void;
  openTasks: () => void;
  /** Whether the Updates or the Tasks modal is open. */
  isAnyOpen: boolean;
}

export const TutoringDialogsContext = createContext<TutoringDialogs | null>(null);

export function useTutoringDialogs(): TutoringDialogs {
  const dialogs = useContext(TutoringDialogsContext);
  if (!dialogs) throw new Error('useTutoringDialogs needs the TutoringLayout around it.');
  return dialogs;
}
