// Building blocks for data: the demo seed and the tests' own fixtures both insert through these.
import type { Database } from '../db/open.ts';
import {
  students,
  titleThresholds,
  tutoringSessions,
  tutors,
  weeklyAnnouncements,
} from '../db/schema.ts';

export type NewTutor = typeof tutors.$inferInsert;
export type NewStudent = typeof students.$inferInsert;
export type NewTutoringSession = typeof tutoringSessions.$inferInsert;
export type NewTitleThreshold = typeof titleThresholds.$inferInsert;
export type NewWeeklyAnnouncement = typeof weeklyAnnouncements.$inferInsert;

const DAY_MS = 86_400_000;

export async function insertTutor(db: Database, tutor: NewTutor) {
  const [row] = await db.insert(tutors).values(tutor).returning();
  if (!row) throw new Error(`Inserting tutor ${tutor.email} returned no row`);
  return row;
}

export async function insertStudent(db: Database, student: NewStudent) {
  const [row] = await db.insert(students).values(student).returning();
  if (!row) throw new Error(`Inserting student ${student.studentCode} returned no row`);
  return row;
}

export async function insertTutoringSessions(db: Database, sessions: NewTutoringSession[]) {
  if (sessions.length > 0) await db.insert(tutoringSessions).values(sessions);
}

export async function insertTitleThresholds(db: Database, thresholds: NewTitleThreshold[]) {
  if (thresholds.length > 0) await db.insert(titleThresholds).values(thresholds);
}

export async function insertWeeklyAnnouncements(
  db: Database,
  announcements: NewWeeklyAnnouncement[],
) {
  if (announcements.length === 0) return [];
  return db.insert(weeklyAnnouncements).values(announcements).returning();
}

/** A Date `days` days before `now` (same time of day). */
export function daysAgo(now: Date, days: number): Date {
  return new Date(now.getTime() - days * DAY_MS);
}

/** The UTC calendar date ('YYYY-MM-DD') `days` days before `now`. */
export function dateDaysAgo(now: Date, days: number): string {
  return daysAgo(now, days).toISOString().slice(0, 10);
}

/** Sessions of one student on the given days before `now`, each of `minutes` minutes. */
export function sessionsOn(options: {
  tutorId: string;
  studentId: string;
  now: Date;
  daysAgo: number[];
  minutes: number;
}): NewTutoringSession[] {
  return options.daysAgo.map((days) => ({
    tutorId: options.tutorId,
    studentId: options.studentId,
    sessionDate: dateDaysAgo(options.now, days),
    minutes: options.minutes,
  }));
}
