// §8 "Magic-link and sign-in failures return an error object to the caller, and the sign-in screen
// shows the error code then the message": the code and message of whatever a sign-in step threw.
// Firebase-free (the sign-in screen's first download has no SDK): a callable's failure is read by
// its shape, whether the SDK or the plain magic-link request threw it.
import { callableFailureMessage, isCallableFailure } from '@tutoring/api/callable-protocol';
import { firebaseErrorCode } from './firebaseSessionTypes';

export interface SignInFailure {
  /** A callable's code without its 'functions/' prefix (e.g. 'unauthenticated'), or Firebase Auth's. */
  readonly code: string;
  readonly message: string;
  /** The server's id of the failed request, when the server answered (see Notice's reference). */
  readonly reference?: string;
}

/** Firebase Auth's own messages read 'Firebase: Error (auth/...)': these say what to do instead. */
const firebaseAuthMessages: Record<string, string> = {
  'auth/network-request-failed':
    'We could not reach the sign-in service. Check your connection, then try again.',
  'auth/invalid-custom-token': 'This sign-in link could not be used. Request a new one.',
  'auth/custom-token-mismatch': 'This sign-in link could not be used. Request a new one.',
  'auth/too-many-requests': 'Too many sign-in attempts. Wait a few minutes, then try again.',
  'auth/user-disabled': 'This account has been disabled. Contact support.',
};

const fallbackMessage = 'Something went wrong while signing you in. Please try again.';

export function describeSignInFailure(error: unknown): SignInFailure {
  if (isCallableFailure(error)) {
    const reference = 'requestId' in error ? error.requestId : undefined;
    return {
      code: error.code.replace(/^functions\//, ''),
      message: callableFailureMessage(error) || fallbackMessage,
      ...(typeof reference === 'string' ? { reference } : {}),
    };
  }
  const code = firebaseErrorCode(error);
  if (code?.startsWith('auth/')) {
    return { code, message: firebaseAuthMessages[code] ?? fallbackMessage };
  }
  // No Firebase error at all: most often the sign-in code itself could not be downloaded.
  return {
    code: 'unavailable',
    message: 'We could not reach the sign-in service. Check your connection, then try again.',
  };
}
