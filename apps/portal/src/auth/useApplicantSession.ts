import { useMemo } from 'react';
import type { AuthState } from '../lib/services/sessionState';
import { useAuthState } from './useAuthState';

/** What the onboarding area knows of the signed-in applicant from the magic session. */
export interface ApplicantSession {
  /** The Firebase user id of the magic session (the server's `applicant-<id>`). */
  readonly uid: string;
  /**
   * The applicant's e-mail from the token's `applicant_email` claim, by which the server
   * identifies them (§6); null when the token carries none.
   */
  readonly email: string | null;
}

export function applicantSessionOf(state: AuthState): ApplicantSession | null {
  if (state.status !== 'magic') return null;
  return { uid: state.user.uid, email: state.applicantEmail ?? state.user.email };
}

/**
 * The applicant of the current magic session, or null without one. Inside RequireMagicSession it
 * is always set: the guard renders the area only for a magic session.
 */
export function useApplicantSession(): ApplicantSession | null {
  const state = useAuthState();
  return useMemo(() => applicantSessionOf(state), [state]);
}
