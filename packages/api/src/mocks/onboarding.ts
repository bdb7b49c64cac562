import {
  errorResponse,
  jsonResponse,
  type MockOptions,
  mockOperation,
  type PostBody,
  type ResponseBody,
  readCallableData,
  readJsonBody,
} from './contract';
import { createMockDb } from './db';
import { existingApplicantEmail, trainingEventIds, validStepUpToken } from './fixtures';

type NewUserData = PostBody<'/functions/createNewOnboardingUser'>['data'];
type NewUserBody = ResponseBody<'/functions/createNewOnboardingUser', 'post'>;
type GetOnboardingTutorBody = ResponseBody<'/functions/getOnboardingTutor', 'post'>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * POST /onboarding-tutor and the getOnboardingTutor, createNewOnboardingUser and addEventAttendee
 * callables, for the applicant `db.applicant`. createNewOnboardingUser answers 'dup-email' for
 * the demo applicant's e-mail (and the db applicant's); addEventAttendee records in
 * `db.registrations`.
 */
export function createOnboardingHandlers(options: MockOptions = {}) {
  const db = options.db ?? createMockDb();

  return [
    mockOperation(options, 'POST /onboarding-tutor', async ({ request }) => {
      const body = await readJsonBody<PostBody<'/onboarding-tutor'>>(request);
      if (!body?.email || !EMAIL.test(body.email)) {
        return errorResponse('INVALID_ARGUMENT', 'A valid email is required.');
      }
      const { applicant } = db;
      if (!applicant || applicant.email !== body.email.toLowerCase()) {
        return errorResponse('NOT_FOUND', 'No onboarding applicant with this e-mail.');
      }
      return jsonResponse<ResponseBody<'/onboarding-tutor', 'post'>>(applicant);
    }),

    mockOperation(options, 'POST /functions/getOnboardingTutor', () =>
      db.applicant
        ? jsonResponse<GetOnboardingTutorBody>({ result: db.applicant })
        : errorResponse('NOT_FOUND', 'No onboarding applicant for this session.'),
    ),

    mockOperation(options, 'POST /functions/createNewOnboardingUser', async ({ request }) => {
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
      const email = data.email?.toLowerCase();
      if (email === existingApplicantEmail || email === db.applicant?.email.toLowerCase()) {
        return jsonResponse<NewUserBody>({
          result: { error: 'An applicant with this e-mail exists.', type: 'dup-email' },
        });
      }
      return jsonResponse<NewUserBody>({
        result: {
          instantSignInLink: `/auth?stepupToken=${encodeURIComponent(validStepUpToken)}&returnUrl=%2Fonboarding`,
        },
      });
    }),

    mockOperation(options, 'POST /functions/addEventAttendee', async ({ request }) => {
      const data = await readCallableData<PostBody<'/functions/addEventAttendee'>['data']>(request);
      if (!data?.eventId) return errorResponse('INVALID_ARGUMENT', 'data.eventId is required.');
      if (!trainingEventIds.includes(data.eventId)) {
        return errorResponse('NOT_FOUND', 'No such event.');
      }
      const { applicant } = db;
      if (!applicant) return errorResponse('UNAUTHENTICATED', 'Sign in with your magic link.');
      const alreadyRegistered = db.registrations.some(
        (r) => r.eventId === data.eventId && r.email === applicant.email,
      );
      if (!alreadyRegistered) {
        db.registrations.push({ eventId: data.eventId, email: applicant.email });
      }
      return jsonResponse<ResponseBody<'/functions/addEventAttendee', 'post'>>({
        result: { eventId: data.eventId, email: applicant.email, alreadyRegistered },
      });
    }),
  ];
}

export const onboardingHandlers = createOnboardingHandlers();
