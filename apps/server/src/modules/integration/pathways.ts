// Learning pathways from the organisation's data store, keyed by their record id: one per student
// (the unit they work on now), with its lessons in order. Lessons are matched by position, so a
// lesson that stays keeps the student's completion of it.
import type { components } from '@tutoring/api/schema';
import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import { lessons, pathways, students } from '../../db/schema.ts';
import { duplicatesInBatch, type Transaction, type UpsertKind } from './upsert.ts';

export type PathwayRecord = components['schemas']['IntegrationPathway'];

interface LessonColumns {
  position: number;
  name: string;
  url: string;
  topic: string;
  additional: boolean;
}

interface PathwayColumns {
  studentId: string;
  name: string;
  introDescription: string;
  assessmentResult: string;
  postAssessmentUrl: string | null;
  nextPreAssessmentUrl: string | null;
  /** In position order: compared with the stored lessons, then written by position. */
  lessons: LessonColumns[];
}

function lessonColumns(record: PathwayRecord): LessonColumns[] {
  return record.lessons
    .map((lesson) => ({
      position: lesson.position,
      name: lesson.name,
      url: lesson.url,
      topic: lesson.topic,
      additional: lesson.additional ?? false,
    }))
    .sort((a, b) => a.position - b.position);
}

async function writeLessons(tx: Transaction, pathwayId: string, wanted: LessonColumns[]) {
  const positions = wanted.map((lesson) => lesson.position);
  // Positions no longer sent go (with their completions); the others are updated in place.
  await tx
    .delete(lessons)
    .where(
      positions.length === 0
        ? eq(lessons.pathwayId, pathwayId)
        : and(eq(lessons.pathwayId, pathwayId), notInArray(lessons.position, positions)),
    );
  const stored = new Map(
    (
      await tx
        .select({ id: lessons.id, position: lessons.position })
        .from(lessons)
        .where(eq(lessons.pathwayId, pathwayId))
    ).map((lesson) => [lesson.position, lesson.id]),
  );
  for (const lesson of wanted) {
    const id = stored.get(lesson.position);
    if (id) await tx.update(lessons).set(lesson).where(eq(lessons.id, id));
    else await tx.insert(lessons).values({ pathwayId, ...lesson });
  }
}

export const pathwayRecords: UpsertKind<PathwayRecord, PathwayColumns> = {
  operation: 'upsertIntegrationPathways',
  async prepare(db, rows, errors) {
    duplicatesInBatch(rows, errors, [['studentRecordId', (row) => row.studentRecordId]]);
    const studentRecordIds = [...new Set(rows.map((row) => row.studentRecordId))];
    const found = await db
      .select({
        id: students.id,
        recordId: students.externalRecordId,
        pathwayRecordId: pathways.externalRecordId,
        pathwayId: pathways.id,
      })
      .from(students)
      .leftJoin(pathways, eq(pathways.studentId, students.id))
      .where(inArray(students.externalRecordId, studentRecordIds));
    const byRecordId = new Map(found.map((student) => [student.recordId, student]));
    rows.forEach((row, index) => {
      const student = byRecordId.get(row.studentRecordId);
      if (!student) {
        errors[index]?.push({ path: 'studentRecordId', message: 'no student has this record id' });
      } else if (student.pathwayId && student.pathwayRecordId !== row.recordId) {
        errors[index]?.push({
          path: 'studentRecordId',
          message: student.pathwayRecordId
            ? `the student has pathway ${student.pathwayRecordId}`
            : 'the student has a pathway without a record id',
        });
      }
      const positions = new Set<number>();
      row.lessons.forEach((lesson, position) => {
        if (positions.has(lesson.position)) {
          errors[index]?.push({
            path: `lessons/${position}/position`,
            message: 'is the position of an earlier lesson',
          });
        }
        positions.add(lesson.position);
      });
    });
    return (row) => ({
      studentId: byRecordId.get(row.studentRecordId)?.id ?? '',
      name: row.name,
      introDescription: row.introDescription ?? '',
      assessmentResult: row.assessmentResult ?? '',
      postAssessmentUrl: row.postAssessmentUrl ?? null,
      nextPreAssessmentUrl: row.nextPreAssessmentUrl ?? null,
      lessons: lessonColumns(row),
    });
  },
  async existing(tx, recordIds) {
    const rows = await tx
      .select()
      .from(pathways)
      .where(inArray(pathways.externalRecordId, recordIds));
    const stored = rows.length
      ? await tx
          .select()
          .from(lessons)
          .where(
            inArray(
              lessons.pathwayId,
              rows.map((row) => row.id),
            ),
          )
          .orderBy(asc(lessons.position))
      : [];
    return new Map(
      rows.map((row) => [
        row.externalRecordId as string,
        {
          id: row.id,
          studentId: row.studentId,
          name: row.name,
          introDescription: row.introDescription,
          assessmentResult: row.assessmentResult,
          postAssessmentUrl: row.postAssessmentUrl,
          nextPreAssessmentUrl: row.nextPreAssessmentUrl,
          lessons: stored
            .filter((lesson) => lesson.pathwayId === row.id)
            .map(({ position, name, url, topic, additional }) => ({
              position,
              name,
              url,
              topic,
              additional,
            })),
        },
      ]),
    );
  },
  async insert(tx, recordId, { lessons: wanted, ...columns }) {
    const [created] = await tx
      .insert(pathways)
      .values({ externalRecordId: recordId, ...columns })
      .returning({ id: pathways.id });
    if (created) await writeLessons(tx, created.id, wanted);
  },
  async update(tx, id, { lessons: wanted, ...columns }) {
    await tx.update(pathways).set(columns).where(eq(pathways.id, id));
    await writeLessons(tx, id, wanted);
  },
};
