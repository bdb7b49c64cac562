// Learning pathways (getStudentPathway, updateLessonCompletionStatus) and the learning-portal
// launch: all three only for the caller's own students.
import type { components } from '@tutoring/api/schema';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/open.ts';
import { prepared } from '../../db/prepared.ts';
import { lessonCompletions, lessons, pathways, preAssessmentForms } from '../../db/schema.ts';
import { ApiError, notFound } from '../../http/errors.ts';
import { registerOperation } from '../../http/operations.ts';
import type { RouteContext } from '../../http/route-context.ts';
import { learningPortalLaunchUrl } from '../../providers/learning-portal.ts';
import { currentTutorAndOwnStudent, isRecordUuid } from '../tutors/access.ts';
import type { StudentRow } from '../tutors/queries.ts';

type LearningPathway = components['schemas']['LearningPathway'];
type Lesson = components['schemas']['Lesson'];
type StudentRef = components['schemas']['StudentRef'];
type UpdateLessonCompletionStatusData = components['schemas']['UpdateLessonCompletionStatusData'];
type LessonRow = typeof lessons.$inferSelect;

const LESSON_NOT_FOUND_MESSAGE = "No such lesson in this student's pathway.";
const FIRST_SESSIONS = /First Sessions$/;

/** An assessment link for this student: id, name and grade as query values (§5). */
export function assessmentLink(url: string | null, student: StudentRow): string | null {
  if (!url) return null;
  let link: URL;
  try {
    link = new URL(url);
  } catch {
    return null;
  }
  link.searchParams.set('id', student.studentCode);
  link.searchParams.set('name', student.firstName);
  link.searchParams.set('grade', student.grade);
  return link.toString();
}

function toLesson(row: LessonRow): Lesson {
  return {
    id: row.id,
    Lesson_Id: row.position,
    Lesson_Name: row.name,
    URL: row.url,
    Topic: row.topic,
  };
}

const completedLessonsOfPathway = (db: Database) =>
  db
    .select({ lessonId: lessonCompletions.lessonId })
    .from(lessonCompletions)
    .innerJoin(lessons, eq(lessons.id, lessonCompletions.lessonId))
    .where(
      and(
        eq(lessonCompletions.studentId, sql.placeholder('studentId')),
        eq(lessons.pathwayId, sql.placeholder('pathwayId')),
      ),
    )
    .prepare('completed_lessons_of_pathway');

async function completedLessons(db: Database, studentId: string, pathwayId: string) {
  const rows = await prepared(db, completedLessonsOfPathway).execute({ studentId, pathwayId });
  return Object.fromEntries(rows.map((row) => [row.lessonId, true]));
}

const pathwayOfStudent = (db: Database) =>
  db
    .select()
    .from(pathways)
    .where(eq(pathways.studentId, sql.placeholder('studentId')))
    .prepare('pathway_of_student');

const lessonsOfPathway = (db: Database) =>
  db
    .select()
    .from(lessons)
    .where(eq(lessons.pathwayId, sql.placeholder('pathwayId')))
    .orderBy(asc(lessons.position), asc(lessons.id))
    .prepare('lessons_of_pathway');

export async function studentPathway(
  db: Database,
  student: StudentRow,
): Promise<LearningPathway | null> {
  const [pathway] = await prepared(db, pathwayOfStudent).execute({ studentId: student.id });
  if (!pathway) return null;
  const [lessonRows, completed] = await Promise.all([
    prepared(db, lessonsOfPathway).execute({ pathwayId: pathway.id }),
    completedLessons(db, student.id, pathway.id),
  ]);
  // A 'First Sessions' pathway leads into unit one, whose pre-assessment depends on the grade.
  let nextPreAssessment = pathway.nextPreAssessmentUrl;
  if (!nextPreAssessment && FIRST_SESSIONS.test(pathway.name)) {
    const [form] = await db
      .select({ url: preAssessmentForms.url })
      .from(preAssessmentForms)
      .where(eq(preAssessmentForms.grade, student.grade));
    nextPreAssessment = form?.url ?? null;
  }
  const result = pathway.assessmentResult;
  return {
    Pathway_Name: pathway.name,
    Intro_description: pathway.introDescription,
    introActivities: pathway.introActivities,
    Lessons: lessonRows.filter((row) => !row.additional).map(toLesson),
    Additional_lessons: lessonRows.filter((row) => row.additional).map(toLesson),
    completed_lessons: completed,
    Assessment_result: result === 'Passed' || result === 'Failed' ? result : '',
    Post_Assessment: pathway.postAssessment,
    Post_Assessment_URL: assessmentLink(pathway.postAssessmentUrl, student),
    Next_Pre_Assessment_URL: assessmentLink(nextPreAssessment, student),
    student_obj: { First_Name: student.firstName, grade: student.grade },
  };
}

export function registerPathwayRoutes(scope: FastifyInstance, context: RouteContext): void {
  const { db } = context;

  registerOperation(scope, context, {
    operationId: 'getStudentPathway',
    access: 'tutor',
    handler: async (request) => {
      const { data } = request.body as { data: StudentRef };
      const { student } = await currentTutorAndOwnStudent(db, request, data.studentId);
      return { result: await studentPathway(db, student) };
    },
  });

  registerOperation(scope, context, {
    operationId: 'updateLessonCompletionStatus',
    access: 'tutor',
    handler: async (request) => {
      const { data } = request.body as { data: UpdateLessonCompletionStatusData };
      const { student } = await currentTutorAndOwnStudent(db, request, data.studentId);
      if (!isRecordUuid(data.lessonId)) throw notFound(LESSON_NOT_FOUND_MESSAGE);
      const [lesson] = await db
        .select({ id: lessons.id, pathwayId: lessons.pathwayId })
        .from(lessons)
        .innerJoin(pathways, eq(pathways.id, lessons.pathwayId))
        .where(and(eq(lessons.id, data.lessonId), eq(pathways.studentId, student.id)));
      if (!lesson) throw notFound(LESSON_NOT_FOUND_MESSAGE);
      if (data.completed === false) {
        // Unmarking a lesson marked by mistake; unmarking one not marked changes nothing.
        await db
          .delete(lessonCompletions)
          .where(
            and(
              eq(lessonCompletions.studentId, student.id),
              eq(lessonCompletions.lessonId, lesson.id),
            ),
          );
      } else {
        // Idempotent: a second report keeps the first completion and its time.
        await db
          .insert(lessonCompletions)
          .values({ studentId: student.id, lessonId: lesson.id, completedAt: context.now() })
          .onConflictDoNothing();
      }
      return {
        result: {
          studentId: student.id,
          lessonId: lesson.id,
          completed_lessons: await completedLessons(db, student.id, lesson.pathwayId),
        },
      };
    },
  });

  registerOperation(scope, context, {
    operationId: 'launchLearningPortalForStudent',
    access: 'tutor',
    handler: async (request) => {
      const { data } = request.body as { data: StudentRef };
      const { tutor, student } = await currentTutorAndOwnStudent(db, request, data.studentId);
      const { url, secret } = context.config.learningPortal;
      if (!secret) throw new ApiError(503, 'The learning portal is not configured.');
      return {
        result: learningPortalLaunchUrl({
          baseUrl: url,
          secret,
          studentCode: student.studentCode,
          tutorCode: tutor.tutorCode,
          now: context.now(),
        }),
      };
    },
  });
}
