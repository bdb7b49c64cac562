// §3 "Session storage keys (local)": the Google session's id token, and the magic-link session's id
// token and user id (§4: the stored magic user id tells magic credentials from Google ones).
export const sessionStorageKeys = {
  idToken: 'idToken',
  magicIdToken: 'magicIdToken',
  magicUserId: 'magicUserId',
} as const;

export function saveIdToken(idToken: string): void {
  localStorage.setItem(sessionStorageKeys.idToken, idToken);
}

export function clearIdToken(): void {
  localStorage.removeItem(sessionStorageKeys.idToken);
}

/** Whether any session key is stored, i.e. a session may still exist in this browser. */
export function hasStoredSessionKeys(): boolean {
  return Object.values(sessionStorageKeys).some((key) => localStorage.getItem(key) !== null);
}

/** /logout (§2): the idToken and both magic items go. */
export function clearSessionStorageKeys(): void {
  for (const key of Object.values(sessionStorageKeys)) localStorage.removeItem(key);
}
