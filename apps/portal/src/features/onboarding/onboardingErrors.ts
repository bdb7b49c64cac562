// How a failed onboarding call is told to the applicant: §8's error code (the callable mapping of
// the HTTP status), then the server's message, as the sign-in screen shows its failures.
import {
  type CallableErrorCode,
  callableErrorCode,
  callableErrorMessage,
  isCallableError,
} from '@tutoring/api/callables';
import { ApiError, referenceOf } from '../../lib/apiError';

export interface OnboardingCallFailure {
  /** The §8 error code, e.g. 'not-found'; undefined for a failure outside both protocols. */
  readonly code: CallableErrorCode | undefined;
  readonly message: string;
  /** The server's id of the failed request, shown as "Reference" for support. */
  readonly reference: string | undefined;
}

export function describeOnboardingFailure(error: unknown): OnboardingCallFailure {
  if (error instanceof ApiError) {
    return {
      code: callableErrorCode(error.httpStatus),
      message: error.message,
      reference: referenceOf(error),
    };
  }
  if (isCallableError(error)) {
    return {
      code: error.code.replace(/^functions\//, '') as CallableErrorCode,
      message: callableErrorMessage(error),
      reference: referenceOf(error),
    };
  }
  return {
    code: undefined,
    message: error instanceof Error && error.message ? error.message : 'Something went wrong.',
    reference: undefined,
  };
}

/** Failures a retry cannot mend: the answer stays the same until something else changes. */
const permanentCodes: ReadonlySet<CallableErrorCode> = new Set([
  'not-found',
  'permission-denied',
  'unauthenticated',
  'invalid-argument',
]);

export function isPermanentFailure(error: unknown): boolean {
  const { code } = describeOnboardingFailure(error);
  return code !== undefined && permanentCodes.has(code);
}
