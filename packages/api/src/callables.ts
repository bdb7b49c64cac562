import { FirebaseError } from 'firebase/app';
import { type Functions, type FunctionsError, httpsCallableFromURL } from 'firebase/functions';
import {
  CALLABLE_TIMEOUT_MS,
  type CallableData,
  type CallableErrorCode,
  type CallableName,
  type CallableResult,
  callableUrl,
} from './callableProtocol';

// The protocol's firebase-free part (callableProtocol.ts), for the modules that use the SDK's.
export {
  CALLABLE_TIMEOUT_MS,
  type CallableData,
  type CallableErrorCode,
  type CallableName,
  type CallableResult,
  callableErrorCode,
  callableUrl,
} from './callableProtocol';

/** A callable; those whose data may be null can be called without an argument. */
export type CallableFunction<Name extends CallableName> =
  null extends CallableData<Name>
    ? (data?: CallableData<Name>) => Promise<CallableResult<Name>>
    : (data: CallableData<Name>) => Promise<CallableResult<Name>>;

export type Callables = { readonly [Name in CallableName]: CallableFunction<Name> };

export interface CallablesOptions {
  /** `getFunctions(app, 'us-central1')`; its Auth (if any) supplies the bearer token. */
  functions: Functions;
  /** The API prefix the server mounts callables under, e.g. `${location.origin}/api`. */
  baseUrl: string;
  /** Overrides CALLABLE_TIMEOUT_MS (tests use a short one). */
  timeout?: number;
}

/**
 * Typed wrappers for every callable of §7, through `httpsCallableFromURL` so the Firebase SDK's
 * protocol, timeout and error codes apply. Each resolves with the callable's `result` and rejects
 * with a FunctionsError whose code is `functions/<code>` (see callableErrorCode).
 */
export function createCallables(options: CallablesOptions): Callables {
  const { functions, baseUrl, timeout = CALLABLE_TIMEOUT_MS } = options;

  const callable = <Name extends CallableName>(name: Name): CallableFunction<Name> => {
    const call = httpsCallableFromURL<CallableData<Name>, CallableResult<Name>>(
      functions,
      callableUrl(baseUrl, name),
      { timeout },
    );
    const invoke = async (data?: CallableData<Name>) => (await call(data)).data;
    return invoke as CallableFunction<Name>;
  };

  return {
    getCustomAuthToken: callable('getCustomAuthToken'),
    sendEmailSignInLink: callable('sendEmailSignInLink'),
    createNewOnboardingUser: callable('createNewOnboardingUser'),
    launchLearningPortalForStudent: callable('launchLearningPortalForStudent'),
    setLatestViewedAnnouncement: callable('setLatestViewedAnnouncement'),
    getOnboardingTutor: callable('getOnboardingTutor'),
    getStudentPathway: callable('getStudentPathway'),
    updateLessonCompletionStatus: callable('updateLessonCompletionStatus'),
    addEventAttendee: callable('addEventAttendee'),
  };
}

/** True for an error a callable rejected with (`functions/<code>`), optionally of one code. */
export function isCallableError(error: unknown, code?: CallableErrorCode): error is FunctionsError {
  return (
    error instanceof FirebaseError &&
    (code === undefined ? error.code.startsWith('functions/') : error.code === `functions/${code}`)
  );
}

/** A callable error's message without the ' [<HTTP status>]' suffix the Firebase SDK appends. */
export function callableErrorMessage(error: FunctionsError): string {
  return error.message.replace(/ \[\d{1,3}\]$/, '');
}

/** How the scheduling-setup screen (§8) explains a failed createNewOnboardingUser. */
export type OnboardingSignupFailure = 'dup-email' | 'invalid-submission' | 'other';

/**
 * Classifies what createNewOnboardingUser resolved or rejected with: null for a created applicant
 * (`instantSignInLink`), otherwise the §8 error type. A result's `type` is used as is; a
 * rejection with INVALID_ARGUMENT (the body failed validation) is 'invalid-submission'.
 */
export function onboardingSignupFailure(outcome: unknown): OnboardingSignupFailure | null {
  const typeOf = (value: unknown): OnboardingSignupFailure | undefined => {
    const type = typeof value === 'object' && value !== null && 'type' in value ? value.type : null;
    return type === 'dup-email' || type === 'invalid-submission' ? type : undefined;
  };
  if (isCallableError(outcome)) {
    return (
      typeOf(outcome.details) ??
      (outcome.code === 'functions/invalid-argument' ? 'invalid-submission' : 'other')
    );
  }
  if (typeof outcome === 'object' && outcome !== null && 'instantSignInLink' in outcome) {
    return null;
  }
  return typeOf(outcome) ?? 'other';
}
