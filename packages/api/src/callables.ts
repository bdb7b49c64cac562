import {
  CALLABLE_TIMEOUT_MS,
  type CallableData,
  type CallableErrorCode,
  type CallableFailure,
  type CallableName,
  type CallableResult,
  callableFailureMessage,
  callOverHttp,
  isCallableFailure,
} from './callableProtocol';

// The protocol itself (callableProtocol.ts), for the modules that use these wrappers.
export {
  CALLABLE_TIMEOUT_MS,
  type CallableData,
  type CallableErrorCode,
  type CallableFailure,
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
  /** The API prefix the server mounts callables under, e.g. `${location.origin}/api`. */
  baseUrl: string;
  /**
   * The signed-in user's ID token, asked for at each call (the sign-in library refreshes it when
   * it is about to expire); null or absent for the public callables.
   */
  idToken?: () => Promise<string | null>;
  /** Overrides CALLABLE_TIMEOUT_MS (tests use a short one). */
  timeout?: number;
  /** Overrides the global fetch (tests send to a mock backend). */
  fetch?: typeof globalThis.fetch;
}

/**
 * Typed wrappers for every callable of §7. They speak the Firebase callable protocol over the
 * global fetch (callOverHttp: the SDK's codes, messages, details and timeout), and keep what the
 * SDK's FunctionsError drops: the server's request id, which a failure notice shows for support.
 * Each resolves with the callable's `result` and rejects with a CallableHttpError.
 */
export function createCallables(options: CallablesOptions): Callables {
  const { baseUrl, idToken, timeout = CALLABLE_TIMEOUT_MS, fetch } = options;

  const callable = <Name extends CallableName>(name: Name): CallableFunction<Name> => {
    const invoke = async (data?: CallableData<Name>) =>
      callOverHttp(name, data ?? null, {
        baseUrl,
        idToken: idToken ? await idToken() : null,
        timeout,
        ...(fetch ? { fetch } : {}),
      });
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
export function isCallableError(
  error: unknown,
  code?: CallableErrorCode,
): error is CallableFailure {
  return isCallableFailure(error) && (code === undefined || error.code === `functions/${code}`);
}

/** A callable error's message without the ' [<HTTP status>]' suffix the protocol appends. */
export const callableErrorMessage = callableFailureMessage;

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
