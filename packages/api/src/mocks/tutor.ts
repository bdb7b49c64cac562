import {
  errorResponse,
  jsonResponse,
  type MockOptions,
  mockOperation,
  type PostBody,
  type ResponseBody,
  readCallableData,
} from './contract';
import { createMockDb, findCorrespondent } from './db';

type CallableData = PostBody<'/functions/launchLearningPortalForStudent'>['data'];

/**
 * GET /tutor (`db.tutor`, with `db.latestViewedAnnouncement`; 404 when it is null) and the
 * launchLearningPortalForStudent callable (for the tutor's correspondents).
 */
export function createTutorHandlers(options: MockOptions = {}) {
  const db = options.db ?? createMockDb();

  return [
    mockOperation(options, 'GET /tutor', () =>
      db.tutor
        ? jsonResponse<ResponseBody<'/tutor', 'get'>>({
            ...db.tutor,
            latestViewedAnnouncement: db.latestViewedAnnouncement,
          })
        : errorResponse('NOT_FOUND', 'We cannot find your account in our system.'),
    ),

    mockOperation(
      options,
      'POST /functions/launchLearningPortalForStudent',
      async ({ request }) => {
        const data = await readCallableData<CallableData>(request);
        if (!data?.studentId)
          return errorResponse('INVALID_ARGUMENT', 'data.studentId is required.');
        const student = findCorrespondent(db, data.studentId);
        if (!student)
          return errorResponse('NOT_FOUND', 'No such student among your correspondents.');
        return jsonResponse<ResponseBody<'/functions/launchLearningPortalForStudent', 'post'>>({
          result: `https://learn.example.org/session/${encodeURIComponent(student.id)}?sso=demo`,
        });
      },
    ),
  ];
}

export const tutorHandlers = createTutorHandlers();
