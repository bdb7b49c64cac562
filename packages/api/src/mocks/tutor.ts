import {
  errorResponse,
  jsonResponse,
  type MockOptions,
  mockOperation,
  type PostBody,
  type ResponseBody,
  readCallableData,
} from './contract';
import { answeredStudent, createMockDb, findCorrespondent } from './db';
import { taggedJsonResponse } from './etag';

type CallableData = PostBody<'/functions/launchLearningPortalForStudent'>['data'];

/**
 * GET /tutor (`db.tutor`, with `db.latestViewedAnnouncement`, each correspondent with what its
 * conversation decides; 404 when it is null) with an ETag of what it shows, and 304 for a request
 * that holds it; and the launchLearningPortalForStudent callable (for the tutor's correspondents).
 */
export function createTutorHandlers(options: MockOptions = {}) {
  const db = options.db ?? createMockDb();

  return [
    mockOperation(options, 'GET /tutor', ({ request }) => {
      if (!db.tutor)
        return errorResponse('NOT_FOUND', 'We cannot find your account in our system.');
      return taggedJsonResponse<ResponseBody<'/tutor', 'get'>>(request, {
        ...db.tutor,
        correspondents: db.tutor.correspondents.map((student) => answeredStudent(db, student)),
        latestViewedAnnouncement: db.latestViewedAnnouncement,
      });
    }),

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
