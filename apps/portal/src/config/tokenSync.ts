import { optionalUrlFromEnv } from './readEnv';

declare global {
  interface ImportMetaEnv {
    readonly VITE_TOKEN_SYNC_URL?: string;
  }
}

/**
 * §7: the optional URL the session's ID token is synced to (POST with the bearer after sign-in,
 * DELETE on sign-out), e.g. a companion service that keeps its own session cookie. Unset by
 * default, and then nothing is synced.
 */
export const tokenSyncUrl: string | undefined = optionalUrlFromEnv(
  'VITE_TOKEN_SYNC_URL',
  import.meta.env.VITE_TOKEN_SYNC_URL,
);
