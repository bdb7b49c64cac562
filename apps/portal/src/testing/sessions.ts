// Test support only (never imported by the product): session states of the fixtures' people, as
// the auth store would report them once signed in.
import { tutorMaya } from '@tutoring/api/mocks/fixtures';
import type { AuthState } from '../lib/services/sessionState';

/** Maya Chen (the mock db's default tutor) signed in with Google. */
export const signedInMaya: AuthState = {
  status: 'google',
  user: {
    uid: 'uid-maya',
    email: tutorMaya.email,
    displayName: `${tutorMaya.First_Name} ${tutorMaya.Last_Name}`,
  },
  idToken: 'token-maya',
};
