import { http } from 'msw';
import {
  type ErrorBody,
  errorResponse,
  jsonResponse,
  type MockOptions,
  mockUrl,
  type PostBody,
  type ResponseBody,
  readCallableData,
  readJsonBody,
  type Schemas,
} from './contract';
import {
  existingApplicantEmail,
  onboardingTutorSam,
  trainingEventIds,
  validStepUpToken,
} from './fixtures';

export interface OnboardingMockOptions extends MockOptions {
  /** The signed-in applicant (Sam Rivera by default); null answers 404. */
  applicant?: Schemas['OnboardingTutor'] | null;
}

type NewUserData = PostBody<'/functions/createNewOnboardingUser'>['data'];
type NewUserBody = ResponseBody<'/functions/createNewOnboardingUser', 'post'>;
type GetOnboardingTutorBody = ResponseBody<'/functions/getOnboardingTutor', 'post'>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * POST /onboarding-tutor and the getOnboardingTutor, createNewOnboardingUser and addEventAttendee
 * callables. createNewOnboardingUser answers 'dup-email' for the demo applicant's e-mail.
 */
export function createOnboardingHandlers(options: OnboardingMockOptions = {}) {
  const applicant =
    options.applicant === undefined ? structuredClone(onboardingTutorSam) : options.applicant;
  const registrations = new Set<string>();

  return [
    http.post<never, never, ResponseBody<'/onboarding-tutor', 'post'> | ErrorBody>(
      mockUrl(options, '/onboarding-tutor'),
      async ({ request }) => {
        const body = await readJsonBody<PostBody<'/onboarding-tutor'>>(request);
        if (!body?.email || !EMAIL.test(body.email)) {
          return errorResponse('INVALID_ARGUMENT', 'A valid email is required.');
        }
        if (!applicant || applicant.email !== body.email.toLowerCase()) {
          return errorResponse('NOT_FOUND', 'No onboarding applicant with this e-mail.');
        }
        return jsonResponse<ResponseBody<'/onboarding-tutor', 'post'>>(applicant);
      },
    ),

    http.post<never, never, ResponseBody<'/functions/getOnboardingTutor', 'post'> | ErrorBody>(
      mockUrl(options, '/functions/getOnboardingTutor'),
      () =>
        applicant
          ? jsonResponse<GetOnboardingTutorBody>({ result: applicant })
          : errorResponse('NOT_FOUND', 'No onboarding applicant for this session.'),
    ),

    http.post<never, never, ResponseBody<'/functions/createNewOnboardingUser', 'post'> | ErrorBody>(
      mockUrl(options, '/functions/createNewOnboardingUser'),
      async ({ request }) => {
        const data = await readCallableData<Partial<NewUserData>>(request);
        const valid =
          !!data?.email &&
          EMAIL.test(data.email) &&
          !!data.First_Name?.trim() &&
          !!data.Last_Name?.trim() &&
          /^[0-9+()\-. ]{7,32}$/.test(data.phonenum ?? '');
        if (!data || !valid) {
          return jsonResponse<NewUserBody>({
            result: { error: 'The submitted values are incomplete.', type: 'invalid-submission' },
          });
        }
        if (data.email?.toLowerCase() === existingApplicantEmail) {
          return jsonResponse<NewUserBody>({
            result: { error: 'An applicant with this e-mail exists.', type: 'dup-email' },
          });
        }
        return jsonResponse<NewUserBody>({
          result: {
            instantSignInLink: `/auth?stepupToken=${encodeURIComponent(validStepUpToken)}&returnUrl=%2Fonboarding`,
          },
        });
      },
    ),

    http.post<never, never, ResponseBody<'/functions/addEventAttendee', 'post'> | ErrorBody>(
      mockUrl(options, '/functions/addEventAttendee'),
      async ({ request }) => {
        const data =
          await readCallableData<PostBody<'/functions/addEventAttendee'>['data']>(request);
        if (!data?.eventId) return errorResponse('INVALID_ARGUMENT', 'data.eventId is required.');
        if (!trainingEventIds.includes(data.eventId)) {
          return errorResponse('NOT_FOUND', 'No such event.');
        }
        if (!applicant) return errorResponse('UNAUTHENTICATED', 'Sign in with your magic link.');
        const alreadyRegistered = registrations.has(data.eventId);
        registrations.add(data.eventId);
        return jsonResponse<ResponseBody<'/functions/addEventAttendee', 'post'>>({
          result: { eventId: data.eventId, email: applicant.email, alreadyRegistered },
        });
      },
    ),
  ];
}

export const onboardingHandlers = createOnboardingHandlers();
