// The database of the portal's backend. Table and column names are ours (snake_case); the wire
// names of the contract (First_Name, Student_ID, ...) are mapped in the modules' queries.
// Migrations in ./migrations are generated from this file with `pnpm db:generate`.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export const tutors = pgTable(
  'tutors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The organisation's own tutor identifier (Tutor_ID). */
    tutorCode: text('tutor_code').notNull().unique(),
    /** Record id of the tutor in the organisation's external data store (Record_ID). */
    externalRecordId: text('external_record_id').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** The organisation Google account; matched case-insensitively (see the unique index). */
    email: text('email').notNull(),
    availability: text('availability').notNull().default(''),
    availabilityFormUrl: text('availability_form_url'),
    /** How many students the tutor can take. */
    capacity: integer('capacity').notNull().default(0),
    firstMatchedAt: timestamp('first_matched_at', { withTimezone: true }),
    latestViewedAnnouncementId: text('latest_viewed_announcement_id'),
    latestViewedAnnouncementAt: timestamp('latest_viewed_announcement_at', { withTimezone: true }),
    /** Set when announcements are published, cleared by POST /tutor/mark-announcement-read. */
    hasNewAnnouncement: boolean('has_new_announcement').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('tutors_email_lower_unique').on(sql`lower(${table.email})`),
    check('tutors_capacity_not_negative', sql`${table.capacity} >= 0`),
  ],
);

export const students = pgTable(
  'students',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The tutor the student is matched with; a tutor sees only these students. */
    tutorId: uuid('tutor_id').references(() => tutors.id, { onDelete: 'set null' }),
    /** The organisation's own student identifier (Student_ID). */
    studentCode: text('student_code').notNull().unique(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    guardianFirstName: text('guardian_first_name').notNull().default(''),
    guardianLastName: text('guardian_last_name').notNull().default(''),
    /** The guardian's real number: never sent to the portal (studentTwilio stands in for it). */
    guardianPhone: text('guardian_phone'),
    studentLanguage: text('student_language').notNull().default(''),
    /** The guardian's language for messages. */
    language: text('language').notNull().default(''),
    district: text('district').notNull().default(''),
    school: text('school').notNull().default(''),
    grade: text('grade').notNull().default(''),
    programType: text('program_type').notNull().default(''),
    firstMatchedAt: timestamp('first_matched_at', { withTimezone: true }),
    availability: text('availability').notNull().default(''),
    tutoringCode: text('tutoring_code').notNull().default(''),
    /** Free key/value extras, e.g. the math-tool login and 'Grade Level'. */
    information: jsonb('information').$type<Record<string, string>>().notNull().default({}),
    mathToolId: text('math_tool_id'),
    subjects: text('subjects').array().notNull().default(sql`'{}'::text[]`),
    /** Private forwarding number the tutor texts instead of the guardian's real number. */
    forwardingNumber: text('forwarding_number').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('students_tutor_id_idx').on(table.tutorId)],
);

/** One tutoring session as recorded by the weekly session form; the source of every stat. */
export const tutoringSessions = pgTable(
  'tutoring_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tutorId: uuid('tutor_id')
      .notNull()
      .references(() => tutors.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    sessionDate: date('session_date', { mode: 'string' }).notNull(),
    minutes: integer('minutes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('tutoring_sessions_tutor_date_idx').on(table.tutorId, table.sessionDate),
    index('tutoring_sessions_student_date_idx').on(table.studentId, table.sessionDate),
    check('tutoring_sessions_minutes_positive', sql`${table.minutes} > 0`),
  ],
);

/** Titles a tutor earns by hours tutored; the lowest should start at 0 hours. */
export const titleThresholds = pgTable(
  'title_thresholds',
  {
    title: text('title').primaryKey(),
    minMinutes: integer('min_minutes').notNull().unique(),
  },
  (table) => [check('title_thresholds_min_minutes_not_negative', sql`${table.minMinutes} >= 0`)],
);

export const weeklyAnnouncements = pgTable(
  'weekly_announcements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    /** HTML; the portal sanitises it before rendering. */
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('weekly_announcements_created_at_idx').on(table.createdAt)],
);
