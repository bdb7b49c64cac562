// §3 "Session storage keys (local)": the Google session's id token, and the magic-link session's id
// token and user id (§4: the stored magic user id tells magic credentials from Google ones).
import { readIdTokenClaims } from './idTokenClaims';

export const sessionStorageKeys = {
  idToken: 'idToken',
  magicIdToken: 'magicIdToken',
  magicUserId: 'magicUserId',
} as const;

/** The magic-link session's two stored items (§3), which can restore a session on /onboarding. */
export interface StoredMagicSession {
  readonly idToken: string;
  readonly userId: string;
}

export function saveIdToken(idToken: string): void {
  localStorage.setItem(sessionStorageKeys.idToken, idToken);
}

export function clearIdToken(): void {
  localStorage.removeItem(sessionStorageKeys.idToken);
}

export function saveMagicSession(session: StoredMagicSession): void {
  localStorage.setItem(sessionStorageKeys.magicIdToken, session.idToken);
  localStorage.setItem(sessionStorageKeys.magicUserId, session.userId);
}

/** §4: magic sign-out, or a stored session that could not be restored, removes both items. */
export function clearMagicSession(): void {
  localStorage.removeItem(sessionStorageKeys.magicIdToken);
  localStorage.removeItem(sessionStorageKeys.magicUserId);
}

export function readStoredMagicUserId(): string | null {
  return localStorage.getItem(sessionStorageKeys.magicUserId) || null;
}

/** Both magic items, or null when either is missing. */
export function readStoredMagicSession(): StoredMagicSession | null {
  const idToken = localStorage.getItem(sessionStorageKeys.magicIdToken);
  const userId = localStorage.getItem(sessionStorageKeys.magicUserId);
  return idToken && userId ? { idToken, userId } : null;
}

/** What the device holds of a session when a visit starts (authState.ts initialAuthStateOf). */
export interface StoredSessionKeys {
  readonly idToken: string | null;
  readonly magicUserId: string | null;
  readonly magicSession: StoredMagicSession | null;
}

/** The three keys as a visit finds them. */
export function readStoredSessionKeys(): StoredSessionKeys {
  return {
    idToken: localStorage.getItem(sessionStorageKeys.idToken) || null,
    magicUserId: readStoredMagicUserId(),
    magicSession: readStoredMagicSession(),
  };
}

/** Whether any session key is stored, i.e. a session may still exist in this browser. */
export function hasStoredSessionKeys(): boolean {
  return Object.values(sessionStorageKeys).some((key) => localStorage.getItem(key) !== null);
}

/** /logout (§2): the idToken and both magic items go. */
export function clearSessionStorageKeys(): void {
  for (const key of Object.values(sessionStorageKeys)) localStorage.removeItem(key);
}

/**
 * The Firebase user id the stored session names, read without the Firebase SDK: a magic session's
 * stored user id, else the subject of the stored Google ID token (expired or not: it only says
 * whose answers this device kept, never lets a request through). Null when nothing is stored.
 */
export function readStoredSessionUid(): string | null {
  try {
    const magicUserId = readStoredMagicUserId();
    if (magicUserId) return magicUserId;
    const idToken = localStorage.getItem(sessionStorageKeys.idToken);
    return (idToken && readIdTokenClaims(idToken)?.subject) || null;
  } catch {
    return null;
  }
}
