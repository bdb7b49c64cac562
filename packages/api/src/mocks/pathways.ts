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
import { learningPathwaysByStudentId, tutorMaya } from './fixtures';

export interface PathwaysMockOptions extends MockOptions {
  /** The tutor's students (Maya Chen's by default); others get 404. */
  students?: Schemas['Student'][];
  /** Pathways by student id; a student of the tutor without one gets null. */
  pathways?: Record<string, Schemas['LearningPathway']>;
}

/** The getStudentPathway and updateLessonCompletionStatus callables; completions are kept. */
export function createPathwaysHandlers(options: PathwaysMockOptions = {}) {
  const studentIds = new Set((options.students ?? tutorMaya.correspondents).map((s) => s.id));
  const pathways: Record<string, Schemas['LearningPathway']> = structuredClone(
    options.pathways ?? learningPathwaysByStudentId,
  );

  return [
    http.post<never, never, ResponseBody<'/functions/getStudentPathway', 'post'> | ErrorBody>(
      mockUrl(options, '/functions/getStudentPathway'),
      async ({ request }) => {
        const data =
          await readCallableData<PostBody<'/functions/getStudentPathway'>['data']>(request);
        if (!data?.studentId)
          return errorResponse('INVALID_ARGUMENT', 'data.studentId is required.');
        if (!studentIds.has(data.studentId)) {
          return errorResponse('NOT_FOUND', 'No such student among your correspondents.');
        }
        return jsonResponse<ResponseBody<'/functions/getStudentPathway', 'post'>>({
          result: pathways[data.studentId] ?? null,
        });
      },
    ),

    http.post<
      never,
      never,
      ResponseBody<'/functions/updateLessonCompletionStatus', 'post'> | ErrorBody
    >(mockUrl(options, '/functions/updateLessonCompletionStatus'), async ({ request }) => {
      const data =
        await readCallableData<PostBody<'/functions/updateLessonCompletionStatus'>['data']>(
          request,
        );
      if (!data?.studentId || !data.lessonId) {
        return errorResponse('INVALID_ARGUMENT', 'data.studentId and data.lessonId are required.');
      }
      const pathway = studentIds.has(data.studentId) ? pathways[data.studentId] : undefined;
      const lessons = [...(pathway?.Lessons ?? []), ...(pathway?.Additional_lessons ?? [])];
      if (!pathway || !lessons.some((l) => l.id === data.lessonId)) {
        return errorResponse('NOT_FOUND', "No such lesson in this student's pathway.");
      }
      pathway.completed_lessons[data.lessonId] = true;
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
