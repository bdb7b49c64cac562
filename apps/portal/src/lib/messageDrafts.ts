// Issue 39: nothing typed is lost. The text a tutor is writing to a family is kept on the device,
// per signed-in user and per student, until it is sent or the box is emptied, so a reload or a
// closed tab does not lose it. /logout removes every draft kept on the device (auth/logOut.ts).

/** Every draft's key starts with this; the user's id and the student's id follow. */
export const messageDraftKeyPrefix = 'tutoring.messageDraft:';

/** The key of one user's draft to one student's family: another account never reads it. */
export function messageDraftKey(uid: string, studentId: string): string {
  return `${messageDraftKeyPrefix}${encodeURIComponent(uid)}:${encodeURIComponent(studentId)}`;
}

/** The storage, or null where the browser refuses it (private modes, a sandboxed frame). */
function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** The kept draft, or '' when there is none. */
export function readMessageDraft(uid: string, studentId: string): string {
  try {
    return storage()?.getItem(messageDraftKey(uid, studentId)) ?? '';
  } catch {
    return '';
  }
}

/**
 * Keeps the draft, or removes it when nothing but whitespace is left (the box was emptied, or the
 * text was sent). A full or refused storage keeps nothing; the text stays in the box.
 */
export function saveMessageDraft(uid: string, studentId: string, text: string): void {
  const store = storage();
  if (!store) return;
  const key = messageDraftKey(uid, studentId);
  try {
    if (text.trim() === '') store.removeItem(key);
    else store.setItem(key, text);
  } catch {
    // Quota exceeded or storage disabled: the text is still in the box.
  }
}

/** Sign-out: every draft kept on this device goes, whoever wrote it. */
export function clearMessageDrafts(): void {
  const store = storage();
  if (!store) return;
  try {
    const keys = Array.from({ length: store.length }, (_, index) => store.key(index));
    for (const key of keys) {
      if (key?.startsWith(messageDraftKeyPrefix)) store.removeItem(key);
    }
  } catch {
    // Storage disabled: nothing was kept.
  }
}
