import { FirebaseError } from 'firebase/app';
import {
  type Functions,
  type FunctionsError,
  type FunctionsErrorCodeCore,
  httpsCallableFromURL,
} from 'firebase/functions';
import type { paths } from './schema';

/** §9: callable function timeout. */
export const CALLABLE_TIMEOUT_MS = 70_000;

type CallablePath = Extract<keyof paths, `/functions/${string}`>;

/** Names of the callable functions of §7 (each is `POST /functions/<name>` in openapi.yaml). */
export type CallableName = CallablePath extends `/functions/${infer Name}` ? Name : never;

type CallableOperation<Name extends CallableName> = paths[`/functions/${Name}`]['post'];

/** The `data` a callable takes. */
export type CallableData<Name extends CallableName> =
  CallableOperation<Name>['requestBody']['content']['application/json']['data'];

/** The `result` a callable answers. */
export type CallableResult<Name extends CallableName> =
  CallableOperation<Name>['responses'][200]['content']['application/json']['result'];

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

/** The URL of a callable under an API prefix. */
export function callableUrl(baseUrl: string, name: CallableName): string {
  return `${baseUrl.replace(/\/+$/, '')}/functions/${name}`;
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

/** A callable error code without the `functions/` prefix, e.g. 'not-found'. */
export type CallableErrorCode = FunctionsErrorCodeCore;

/**
 * §8's mapping of an HTTP status to a callable error code, as the Firebase SDK applies it when the
 * body carries no canonical `error.status` (status 0 is a network failure).
 */
export function callableErrorCode(httpStatus: number): CallableErrorCode {
  if (httpStatus >= 200 && httpStatus < 300) return 'ok';
  switch (httpStatus) {
    case 0:
    case 500:
      return 'internal';
    case 400:
      return 'invalid-argument';
    case 401:
      return 'unauthenticated';
    case 403:
      return 'permission-denied';
    case 404:
      return 'not-found';
    case 409:
      return 'aborted';
    case 429:
      return 'resource-exhausted';
    case 499:
      return 'cancelled';
    case 501:
      return 'unimplemented';
    case 503:
      return 'unavailable';
    case 504:
      return 'deadline-exceeded';
    default:
      return 'unknown';
  }
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
