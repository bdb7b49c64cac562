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
  type Schemas,
} from './contract';
import { tutorMaya } from './fixtures';

type CallableData = PostBody<'/functions/launchLearningPortalForStudent'>['data'];

export interface TutorMockOptions extends MockOptions {
  /** The tutor GET /tutor answers (Maya Chen by default); null answers 404 (account not found). */
  tutor?: Schemas['Tutor'] | null;
}

/** GET /tutor and the launchLearningPortalForStudent callable. */
export function createTutorHandlers(options: TutorMockOptions = {}) {
  const tutor = options.tutor === undefined ? structuredClone(tutorMaya) : options.tutor;

  return [
    http.get<never, never, ResponseBody<'/tutor', 'get'> | ErrorBody>(
      mockUrl(options, '/tutor'),
      () =>
        tutor
          ? jsonResponse<ResponseBody<'/tutor', 'get'>>(tutor)
          : errorResponse('NOT_FOUND', 'We cannot find your account in our system.'),
    ),

    http.post<
      never,
      never,
      ResponseBody<'/functions/launchLearningPortalForStudent', 'post'> | ErrorBody
    >(mockUrl(options, '/functions/launchLearningPortalForStudent'), async ({ request }) => {
      const data = await readCallableData<CallableData>(request);
      if (!data?.studentId) return errorResponse('INVALID_ARGUMENT', 'data.studentId is required.');
      const student = tutor?.correspondents.find((s) => s.id === data.studentId);
      if (!student) return errorResponse('NOT_FOUND', 'No such student among your correspondents.');
      return jsonResponse<ResponseBody<'/functions/launchLearningPortalForStudent', 'post'>>({
        result: `https://learn.example.org/session/${encodeURIComponent(student.id)}?sso=demo`,
      });
    }),
  ];
}

export const tutorHandlers = createTutorHandlers();
