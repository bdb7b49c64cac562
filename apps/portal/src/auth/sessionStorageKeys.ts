// §3 "Session storage keys (local)". The magic-link id token and magic user id join here with the
// onboarding sign-in.
export const sessionStorageKeys = {
  idToken: 'idToken',
} as const;

export function saveIdToken(idToken: string): void {
  localStorage.setItem(sessionStorageKeys.idToken, idToken);
}

export function clearIdToken(): void {
  localStorage.removeItem(sessionStorageKeys.idToken);
}
