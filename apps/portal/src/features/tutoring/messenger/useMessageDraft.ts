import { useState } from 'react';
import { useAuthState } from '../../../auth/useAuthState';
import { readMessageDraft, saveMessageDraft } from '../../../lib/messageDrafts';

/**
 * Issue 39: the text being written to this student's family, kept on the device for the signed-in
 * tutor until it is sent or the box is emptied. `text` is the draft kept when the chat opened;
 * `save` keeps each change at once (a reload right after typing finds it) and removes the draft
 * when nothing is left to send.
 */
export function useMessageDraft(studentId: string) {
  const auth = useAuthState();
  const uid = auth.status === 'google' ? auth.user.uid : undefined;
  const [text] = useState(() => (uid ? readMessageDraft(uid, studentId) : ''));
  const save = (draft: string) => {
    if (uid) saveMessageDraft(uid, studentId, draft);
  };
  return { text, save };
}
