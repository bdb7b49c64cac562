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

/**
 * The getStudentPathway and updateLessonCompletionStatus callables over `db.pathways`, for the
 * students of `db.tutor` (others get 404; a student of the tutor without a pathway gets null).
 * A lesson is marked completed, or with `completed: false` unmarked (its key leaves
 * `completed_lessons`, as the server deletes the completion).
 */
export function createPathwaysHandlers(options: MockOptions = {}) {
  const db = options.db ?? createMockDb();

  return [
    mockOperation(options, 'POST /functions/getStudentPathway', async ({ request }) => {
      const data =
        await readCallableData<PostBody<'/functions/getStudentPathway'>['data']>(request);
      if (!data?.studentId) return errorResponse('INVALID_ARGUMENT', 'data.studentId is required.');
      if (!findCorrespondent(db, data.studentId)) {
        return errorResponse('NOT_FOUND', 'No such student among your correspondents.');
      }
      return jsonResponse<ResponseBody<'/functions/getStudentPathway', 'post'>>({
        result: db.pathways[data.studentId] ?? null,
      });
    }),

    mockOperation(options, 'POST /functions/updateLessonCompletionStatus', async ({ request }) => {
      const data =
        await readCallableData<PostBody<'/functions/updateLessonCompletionStatus'>['data']>(
          request,
        );
      if (!data?.studentId || !data.lessonId) {
        return errorResponse('INVALID_ARGUMENT', 'data.studentId and data.lessonId are required.');
      }
      if (data.completed !== undefined && typeof data.completed !== 'boolean') {
        return errorResponse('INVALID_ARGUMENT', 'data.completed must be true or false.');
      }
      const pathway = findCorrespondent(db, data.studentId)
        ? db.pathways[data.studentId]
        : undefined;
      const lessons = [...(pathway?.Lessons ?? []), ...(pathway?.Additional_lessons ?? [])];
      if (!pathway || !lessons.some((l) => l.id === data.lessonId)) {
        return errorResponse('NOT_FOUND', "No such lesson in this student's pathway.");
      }
      if (data.completed === false) delete pathway.completed_lessons[data.lessonId];
      else pathway.completed_lessons[data.lessonId] = true;
      return jsonResponse<ResponseBody<'/functions/updateLessonCompletionStatus', 'post'>>({
        result: {
          studentId: data.studentId,
          lessonId: data.lessonId,
          completed_lessons: pathway.completed_lessons,
        },
      });
    }),
  ];
}

export const pathwaysHandlers = createPathwaysHandlers();
