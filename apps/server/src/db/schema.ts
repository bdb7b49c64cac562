// The database of the portal's backend. Table and column names are ours (snake_case); the wire
// names of the contract (First_Name, Student_ID, ...) are mapped in the modules' queries.
// Migrations in ./migrations are generated from this file with `pnpm db:generate`.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * PostgreSQL's 64-bit transaction id (xid8), as text: the integration feed's position of a row
 * (the transaction that last changed it), compared with the snapshot's oldest running transaction.
 */
const xid8 = customType<{ data: string; driverData: string }>({
  dataType: () => 'xid8',
});

export const tutors = pgTable(
  'tutors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The organisation's own tutor identifier (Tutor_ID). */
    tutorCode: text('tutor_code').notNull().unique(),
    /** Archived through the integration API: kept on record, no longer signs in or is shown. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
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
    /**
     * All-time count and minutes of the tutor's recorded sessions, kept by a trigger on
     * tutoring_sessions (migration 0002), so GET /tutor does not sum years of sessions.
     */
    sessionCount: integer('session_count').notNull().default(0),
    sessionMinutes: integer('session_minutes').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('tutors_email_lower_unique').on(sql`lower(${table.email})`),
    // The integration API upserts tutors by the organisation's record id.
    uniqueIndex('tutors_external_record_id_unique').on(table.externalRecordId),
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
    /** Archived through the integration API: unmatched from their tutor, kept on record. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    /**
     * Record id of the student in the organisation's data store: the integration API's key.
     * Null for students created here (the demo data).
     */
    externalRecordId: text('external_record_id').unique(),
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
    /**
     * Goes up whenever a message of this student is added, changed or removed (a trigger on
     * messages, migration 0002): part of the row, so a chat poll's tag follows the conversation
     * without counting it.
     */
    conversationVersion: integer('conversation_version').notNull().default(0),
    /**
     * The date of the student's latest tutoring session, and the id of their conversation's latest
     * message (failed first sends are not part of it; see inConversation), kept by triggers on
     * tutoring_sessions and messages (migration 0015), so the student list of GET /tutor reads
     * them with the student instead of searching both tables for each student. The message is
     * referenced, not copied: a translation that arrives later shows at once. No foreign key:
     * the message belongs to the student and goes with them.
     */
    lastSessionDate: date('last_session_date', { mode: 'string' }),
    lastMessageId: uuid('last_message_id'),
    /**
     * What the student's tutor has not seen and what needs them, kept by triggers on messages,
     * conversation_reads and this table's tutor_id (migration 0016), so GET /tutor reads them with
     * the student: the family's replies to the current tutor after the tutor's read mark, and the
     * tutor's own texts in the conversation that were not delivered or not sent (untranslated),
     * with the newest of them. The message is referenced, not copied, as last_message_id is.
     */
    unreadCount: integer('unread_count').notNull().default(0),
    attentionCount: integer('attention_count').notNull().default(0),
    attentionMessageId: uuid('attention_message_id'),
    /**
     * The family's IANA time zone when it is not the organisation's (ORG_TIME_ZONE): texts a tutor
     * writes during the family's quiet hours are held until the morning there.
     */
    timeZone: text('time_zone'),
    /**
     * The family asked not to be texted: they replied STOP (or another opt-out word: reason
     * 'replied', with the word as they wrote it), or the provider refused a text because they had
     * (Twilio 21610: 'refused'). Nothing is texted to them until they reply START (all cleared).
     */
    textOptedOutAt: timestamp('text_opted_out_at', { withTimezone: true }),
    textOptOutReason: text('text_opt_out_reason').$type<'replied' | 'refused'>(),
    textOptOutKeyword: text('text_opt_out_keyword'),
    /** When the family last texted HELP. */
    helpRequestedAt: timestamp('help_requested_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When what staff read of the student (GET /integration/v1/students: the record, the tutor,
     * the opt-out, HELP) last changed; a trigger keeps it, whoever writes (migration 0017), and
     * leaves it alone when only the conversation summary moves. Milliseconds, as a cursor holds.
     */
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    /**
     * The transaction that last changed what the integration feed shows of the row (set with
     * updated_at, by the same trigger; migration 0020): the feed's commit-safe position.
     */
    feedXid: xid8('feed_xid').notNull().default(sql`pg_current_xact_id()`),
  },
  (table) => [
    index('students_tutor_id_idx').on(table.tutorId),
    index('students_updated_at_idx').on(table.updatedAt, table.id),
    index('students_feed_xid_idx').on(table.feedXid, table.updatedAt, table.id),
    // A family's reply is matched on this pair (modules/messages/inbound.ts): two students still
    // on the books sharing it would make the match a guess. Archived students keep theirs.
    uniqueIndex('students_forwarding_guardian_active_unique')
      .on(table.forwardingNumber, table.guardianPhone)
      .where(sql`${table.archivedAt} is null`),
    check(
      'students_text_opt_out_reason_known',
      sql`${table.textOptOutReason} is null or ${table.textOptOutReason} in ('replied', 'refused')`,
    ),
  ],
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
    /** The record id in the organisation's data store (integration API); unique. */
    externalRecordId: text('external_record_id').unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // A tutor's sessions by date, with their minutes: GET /tutor's last-30-days totals are read
    // from the index alone (an index-only scan), without a visit to each session's row.
    index('tutoring_sessions_tutor_date_minutes_idx').on(
      table.tutorId,
      table.sessionDate,
      table.minutes,
    ),
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
    /** The record id in the organisation's data store (integration API); unique. */
    externalRecordId: text('external_record_id').unique(),
    /** Archived through the integration API: kept on record, no longer shown to tutors. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('weekly_announcements_created_at_idx').on(table.createdAt)],
);

/**
 * Texts between a tutor and a student's guardian. Outbound texts are stored before they are handed
 * to the SMS provider, so a text the provider refused is still on record (delivery_status failed).
 */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    /** The tutor who sent it (outbound) or was matched when it arrived (inbound). */
    tutorId: uuid('tutor_id').references(() => tutors.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    fromTutor: boolean('from_tutor').notNull(),
    /** 'activity' for the tutor's and the guardian's own texts, 'admin' for the organisation's. */
    messageType: text('message_type').notNull().default('activity'),
    /**
     * queued, sent, delivered, undelivered, failed (outbound); received (inbound). The provider's
     * status callbacks only move it forward (delivery.ts).
     */
    deliveryStatus: text('delivery_status').notNull(),
    /** The provider's id (Twilio MessageSid); unique, so a webhook delivered twice is stored once. */
    providerMessageId: text('provider_message_id').unique(),
    /** Why the provider refused an outbound text; never sent to the portal. */
    failureReason: text('failure_reason'),
    /** The provider's error code of an undelivered or failed text (Twilio's ErrorCode). */
    errorCode: text('error_code'),
    /**
     * How many times the text was handed to the provider after the first: a Retry or the resender
     * adds one. Status callbacks name the attempt they are about, so a late callback of an
     * earlier attempt changes nothing. On a family's reply: how many times the resender tried
     * to translate it.
     */
    attempt: integer('attempt').notNull().default(0),
    /**
     * When the resender may hand a queued text to the provider (again): set when it is queued, a
     * little after the request that queued it has given up on the provider, and pushed back after
     * each attempt; for a family's reply waiting for its translation, when the resender tries
     * again. Null for messages that are not waiting.
     */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    /**
     * The family's language (BCP 47, e.g. 'es') when a translation is involved: for a tutor's
     * text, the language it is sent in (translated_body is what the family received; null until
     * translated); for a guardian's reply, the language it was translated from into English.
     * `body` always keeps the original words.
     */
    translationLanguage: text('translation_language'),
    /** Null while a translation is waiting: a reply to translate, a text not yet translated. */
    translatedBody: text('translated_body'),
    /**
     * On a family's reply without English (translated_body null), why it has none once nothing
     * waits any more: 'english' (the provider read it as English: nothing to translate) or
     * 'given-up' (every try failed). Null on a reply never asked about (stored before its
     * family's language was translated), which a chat's first showing sends to be translated.
     */
    translationOutcome: text('translation_outcome'),
    /** A tutor's text sent with Send as written: in their own words, to a translated family. */
    sentAsWritten: boolean('sent_as_written').notNull().default(false),
    /** How many pictures (message_media) came with a family's text (an MMS). */
    mediaCount: integer('media_count').notNull().default(0),
    /**
     * On a tutor's text held for the family's quiet hours (delivery_status 'scheduled'): when it
     * goes out, the end of those hours in the family's time zone.
     */
    scheduledFor: timestamp('scheduled_for', { withTimezone: true }),
    /**
     * When something happened to this message that its tutor should hear of outside the portal (a
     * family's reply arrived; a text of theirs ended not delivered or not sent while no request of
     * theirs was waiting for it): the notifier tells them once the reply delay has passed, unless
     * they read it first. Null when there is nothing to tell, or once a notification did
     * (notification_id names it), in the same transaction that created that notification.
     */
    notifySince: timestamp('notify_since', { withTimezone: true, precision: 3 }),
    /** The notification (notification_jobs) that told the tutor of this message. */
    notificationId: uuid('notification_id'),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When the text last changed (a trigger keeps it): staff systems read the delivery outcomes
     * since their last look. Milliseconds, as a cursor holds them.
     */
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    /**
     * The transaction that last changed what the integration feed shows of the row (set with
     * updated_at, by the same trigger; migration 0020): the feed's commit-safe position.
     */
    feedXid: xid8('feed_xid').notNull().default(sql`pg_current_xact_id()`),
  },
  (table) => [
    // A conversation newest first (sent_at desc, id desc): its latest message for the student
    // list, its latest page for the chat. With id in the index, both are read from it in order
    // and stop at their limit, with no sort of the student's messages.
    index('messages_student_sent_at_id_idx').on(table.studentId, table.sentAt, table.id),
    index('messages_updated_at_idx').on(table.updatedAt, table.id),
    index('messages_feed_xid_idx').on(table.feedXid, table.updatedAt, table.id),
    // Replies waiting for their English (reply-translation.ts): the resender's other work list.
    index('messages_reply_awaiting_translation_idx')
      .on(table.nextAttemptAt)
      .where(
        sql`not ${table.fromTutor} and ${table.translationLanguage} is not null and ${table.translatedBody} is null`,
      ),
    // The resender's work list: only texts the provider never accepted.
    index('messages_waiting_to_send_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.deliveryStatus} = 'queued' and ${table.providerMessageId} is null`),
    // A family's replies to a tutor in order: a student's unread count is the range of this
    // index after the tutor's read mark, read from the index alone (migration 0016).
    index('messages_family_replies_idx')
      .on(table.studentId, table.tutorId, table.sentAt, table.id)
      .where(sql`not ${table.fromTutor} and ${table.messageType} = 'activity'`),
    // The tutor's texts that need the tutor (not delivered, not sent): a handful at most.
    index('messages_needing_attention_idx')
      .on(table.studentId, table.tutorId, table.sentAt, table.id)
      .where(
        sql`${table.fromTutor} and ${table.deliveryStatus} in ('undelivered', 'failed', 'untranslated') and not (${table.deliveryStatus} = 'failed' and ${table.attempt} = 0 and ${table.providerMessageId} is null)`,
      ),
    // Texts held for the family's quiet hours, by when they go out: the scheduler's work list.
    index('messages_scheduled_idx')
      .on(table.scheduledFor)
      .where(sql`${table.deliveryStatus} = 'scheduled'`),
    // What the notifier has still to tell, by tutor: a handful of rows at any time.
    index('messages_notify_idx')
      .on(table.tutorId, table.notifySince)
      .where(sql`${table.notifySince} is not null`),
    check(
      'messages_delivery_status_known',
      sql`${table.deliveryStatus} in ('scheduled', 'queued', 'sent', 'delivered', 'undelivered', 'failed', 'untranslated', 'received', 'cancelled')`,
    ),
    check(
      'messages_translation_outcome_known',
      sql`${table.translationOutcome} is null or ${table.translationOutcome} in ('english', 'given-up')`,
    ),
    check('messages_media_count_not_negative', sql`${table.mediaCount} >= 0`),
  ],
);

/**
 * How far each tutor has read each of their students' conversations: the newest message the chat
 * showed on screen (markTutorMessagesRead), by its place in the conversation (sent_at, id), so a
 * mark never moves back. Per tutor: a student matched with another tutor and back keeps each
 * tutor's own mark. No foreign key to the message: its place is what counts.
 */
export const conversationReads = pgTable(
  'conversation_reads',
  {
    tutorId: uuid('tutor_id')
      .notNull()
      .references(() => tutors.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    messageId: uuid('message_id').notNull(),
    messageSentAt: timestamp('message_sent_at', { withTimezone: true }).notNull(),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.tutorId, table.studentId] })],
);

/** Bytes as PostgreSQL's bytea: a Buffer in, a Buffer out (PGlite answers a Uint8Array). */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** Largest picture of a family's text the server keeps (and the contract promises). */
export const MESSAGE_MEDIA_MAX_BYTES = 5 * 1024 * 1024;

/**
 * The pictures of a family's text (an MMS), fetched from the provider when the text arrived and
 * kept here, so the tutor's browser never needs the provider's URL or credentials. Only checked
 * image types, at most 5 MB each.
 */
export const messageMedia = pgTable(
  'message_media',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    /** The order the provider listed them in (MediaUrl0, MediaUrl1, ...). */
    position: integer('position').notNull(),
    contentType: text('content_type').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('message_media_message_position_unique').on(table.messageId, table.position),
    check(
      'message_media_content_type_image',
      sql`${table.contentType} in ('image/jpeg', 'image/png', 'image/gif', 'image/webp')`,
    ),
    check(
      'message_media_size',
      sql`octet_length(${table.bytes}) between 1 and ${sql.raw(String(MESSAGE_MEDIA_MAX_BYTES))}`,
    ),
  ],
);

export const portalAnnouncements = pgTable(
  'portal_announcements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subject: text('subject').notNull(),
    /** HTML; the portal sanitises it before rendering. */
    message: text('message').notNull(),
    /** The record id in the organisation's data store (integration API); unique. */
    externalRecordId: text('external_record_id').unique(),
    /** Archived through the integration API: kept on record, no longer shown to tutors. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('portal_announcements_created_at_idx').on(table.createdAt)],
);

export const portalAnnouncementReads = pgTable(
  'portal_announcement_reads',
  {
    tutorId: uuid('tutor_id')
      .notNull()
      .references(() => tutors.id, { onDelete: 'cascade' }),
    announcementId: uuid('announcement_id')
      .notNull()
      .references(() => portalAnnouncements.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.tutorId, table.announcementId] })],
);

export const actionItems = pgTable(
  'action_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tutorId: uuid('tutor_id')
      .notNull()
      .references(() => tutors.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** May lack a scheme; the portal prefixes https://. */
    url: text('url'),
    /** Completed by the organisation's systems, never by the tutor's 'Mark as complete'. */
    automaticCompletion: boolean('automatic_completion').notNull().default(false),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** The record id in the organisation's data store (integration API); unique. */
    externalRecordId: text('external_record_id').unique(),
    /** Archived through the integration API: kept on record, no longer shown to tutors. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('action_items_tutor_id_idx').on(table.tutorId)],
);

/** One learning pathway per student (the unit the student works on now). */
export const pathways = pgTable('pathways', {
  id: uuid('id').primaryKey().defaultRandom(),
  studentId: uuid('student_id')
    .notNull()
    .unique()
    .references(() => students.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  introDescription: text('intro_description').notNull().default(''),
  /** Intro activities by name (e.g. 'Check In'), each with a description. */
  introActivities: jsonb('intro_activities')
    .$type<Record<string, { description: string }>>()
    .notNull()
    .default({}),
  /** Passed, Failed or '' (not taken yet). */
  assessmentResult: text('assessment_result').notNull().default(''),
  postAssessment: text('post_assessment'),
  /** Base link; the student's id, name and grade are added as query values when answered. */
  postAssessmentUrl: text('post_assessment_url'),
  nextPreAssessmentUrl: text('next_pre_assessment_url'),
  /** The pathway's record id in the organisation's data store (integration API); unique. */
  externalRecordId: text('external_record_id').unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const lessons = pgTable(
  'lessons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    pathwayId: uuid('pathway_id')
      .notNull()
      .references(() => pathways.id, { onDelete: 'cascade' }),
    /** Lesson_Id: the order of the lesson. */
    position: integer('position').notNull(),
    name: text('name').notNull(),
    url: text('url').notNull(),
    topic: text('topic').notNull(),
    /** Additional lessons, offered after a failed post-assessment. */
    additional: boolean('additional').notNull().default(false),
  },
  (table) => [index('lessons_pathway_id_idx').on(table.pathwayId)],
);

export const lessonCompletions = pgTable(
  'lesson_completions',
  {
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    lessonId: uuid('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.studentId, table.lessonId] })],
);

/** Unit-one pre-assessment forms by grade (3rd to 7th have one). */
export const preAssessmentForms = pgTable('pre_assessment_forms', {
  grade: text('grade').primaryKey(),
  url: text('url').notNull(),
});

/** Aspiring tutors going through onboarding (magic-link sessions). */
export const applicants = pgTable(
  'applicants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The tutor ID the forms are prefilled with (tutorId / tutorID). */
    tutorCode: text('tutor_code').notNull().unique(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    /** Application Accepted, Ready to Tutor, Matched. */
    status: text('status').notNull().default('Application Accepted'),
    waiverCompleted: boolean('waiver_completed').notNull().default(false),
    backgroundCheckCleared: boolean('background_check_cleared').notNull().default(false),
    /** Set by the knowledge check (async or live variant). */
    workbookCompleted: boolean('workbook_completed').notNull().default(false),
    /** Set when the applicant attended a live training. */
    liveTrainingAttended: boolean('live_training_attended').notNull().default(false),
    availability: text('availability').notNull().default(''),
    availabilityFormUrl: text('availability_form_url'),
    interviewDate: timestamp('interview_date', { withTimezone: true }),
    /** The tutor record once matched; its students are the applicant's correspondents. */
    tutorId: uuid('tutor_id').references(() => tutors.id, { onDelete: 'set null' }),
    /** Archived through the integration API: kept on record, no longer signs in or is shown. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    /** The applicant's record id in the organisation's data store (integration API); unique. */
    externalRecordId: text('external_record_id').unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When anything of the applicant last changed (a trigger keeps it, whoever writes): staff
     * systems read the changes since their last look (GET /integration/v1/applicants).
     */
    // Milliseconds, as a JavaScript Date holds them: a page's cursor then names its last row
    // exactly.
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    /**
     * The transaction that last changed what the integration feed shows of the row (set with
     * updated_at, by the same trigger; migration 0020): the feed's commit-safe position.
     */
    feedXid: xid8('feed_xid').notNull().default(sql`pg_current_xact_id()`),
  },
  (table) => [
    uniqueIndex('applicants_email_lower_unique').on(sql`lower(${table.email})`),
    index('applicants_updated_at_idx').on(table.updatedAt, table.id),
    index('applicants_feed_xid_idx').on(table.feedXid, table.updatedAt, table.id),
  ],
);

/** Magic-link step-up tokens: only a hash is stored; single use, short-lived. */
export const stepUpTokens = pgTable(
  'step_up_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    applicantId: uuid('applicant_id')
      .notNull()
      .references(() => applicants.id, { onDelete: 'cascade' }),
    returnUrl: text('return_url'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('step_up_tokens_expires_at_idx').on(table.expiresAt)],
);

/** Fixed-window counters shared by every instance (e.g. 'signin-email:<address>'). */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull(),
  },
  (table) => [primaryKey({ columns: [table.key, table.windowStart] })],
);

/** Live training and office-hours events applicants register for. */
export const trainingEvents = pgTable('training_events', {
  id: text('id').primaryKey(),
  title: text('title').notNull(),
  startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
  durationMinutes: integer('duration_minutes').notNull(),
  joinUrl: text('join_url').notNull(),
});

export const eventRegistrations = pgTable(
  'event_registrations',
  {
    eventId: text('event_id')
      .notNull()
      .references(() => trainingEvents.id, { onDelete: 'cascade' }),
    applicantId: uuid('applicant_id')
      .notNull()
      .references(() => applicants.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.eventId, table.applicantId] })],
);

/** Webhook deliveries already processed, by provider and idempotency key: replays are ignored. */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    provider: text('provider').notNull(),
    eventKey: text('event_key').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.provider, table.eventKey] })],
);

/** The development mail outbox (no SMTP_URL): what would have been e-mailed. */
export const devOutbox = pgTable(
  'dev_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** Header fields besides the usual ones (List-Unsubscribe ...). */
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    /**
     * The e-mail's Message-ID when the sender gave one: unique, so the outbox keeps one copy of a
     * message sent again with the same id, as a mailbox that drops duplicates by Message-ID does.
     */
    messageId: text('message_id').unique(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('dev_outbox_sent_at_idx').on(table.sentAt)],
);

/** The development SMS provider (no Twilio credentials): texts that would have been sent. */
/**
 * Translations already paid for: the same text into the same language is translated once (a
 * tutor's usual greeting, a family's "Gracias"). Keyed by the SHA-256 of the source text.
 */
export const textTranslations = pgTable(
  'text_translations',
  {
    /** BCP 47 tag of the language translated into, e.g. 'es', or 'en' for replies. */
    targetLanguage: text('target_language').notNull(),
    sourceSha256: text('source_sha256').notNull(),
    /** BCP 47 tag of the language the provider read the source as. */
    sourceLanguage: text('source_language').notNull(),
    translatedText: text('translated_text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.targetLanguage, table.sourceSha256] })],
);

export const devSmsOutbox = pgTable('dev_sms_outbox', {
  id: uuid('id').primaryKey().defaultRandom(),
  from: text('from').notNull(),
  to: text('to').notNull(),
  body: text('body').notNull(),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Keys of the organisation's own systems for the integration API (/api/integration/v1). The key
 * itself is shown once, when created; only its SHA-256 is kept (a key is 32 random bytes, so a
 * fast hash is enough: there is nothing to guess).
 */
export const integrationKeys = pgTable('integration_keys', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  /**
   * What the key may do: scopes separated by spaces (keys.ts): `read`, `write` (every kind, as keys
   * made before per-kind scopes), `<kind>:write`, `guardian-phone:write`.
   */
  scope: text('scope').notNull(),
  keyHash: text('key_hash').notNull().unique(),
  /** The key's first characters, to tell keys apart in a list without revealing them. */
  keyPrefix: text('key_prefix').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
});

/**
 * Every call of the integration API, refused ones and reads included, and every CSV import: which
 * key, when, what, the answer's status, how many rows of each outcome and which records.
 */
export const integrationAudit = pgTable(
  'integration_audit',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    keyName: text('key_name').notNull(),
    operation: text('operation').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    counts: jsonb('counts').$type<Record<string, number>>().notNull(),
    /** The answer's HTTP status (0 for the CSV import, which has none). */
    status: integer('status').notNull().default(0),
    /** The records the call read or wrote (or was refused for): record ids, or message ids. */
    recordIds: jsonb('record_ids').$type<string[]>().notNull().default([]),
    /** Fields audited one by one (a guardian's phone), old and new, masked. */
    changes: jsonb('changes')
      .$type<Array<{ recordId: string; field: string; from: string | null; to: string | null }>>()
      .notNull()
      .default([]),
  },
  (table) => [index('integration_audit_at_idx').on(table.at, table.id)],
);

/**
 * How each tutor wants to hear, outside the portal, of families' replies waiting and of texts
 * that failed; a tutor without a row has the defaults (e-mail, NOTIFY_QUIET_HOURS, the
 * organisation's time zone). The row is also the notifier's lock per tutor (one instance composes
 * a tutor's notification at a time) and holds when the last one was composed.
 */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    tutorId: uuid('tutor_id')
      .primaryKey()
      .references(() => tutors.id, { onDelete: 'cascade' }),
    channel: text('channel').$type<'email' | 'text' | 'none'>().notNull().default('email'),
    /** 'HH:MM-HH:MM' or 'none'; null: the organisation's default (NOTIFY_QUIET_HOURS). */
    quietHours: text('quiet_hours'),
    /** IANA name; null: the organisation's (ORG_TIME_ZONE). */
    timeZone: text('time_zone'),
    /** The tutor's own verified phone (E.164), for text notifications. */
    phone: text('phone'),
    phoneVerifiedAt: timestamp('phone_verified_at', { withTimezone: true }),
    /** The tutor replied STOP to the organisation's number: no texts until START. */
    phoneOptedOutAt: timestamp('phone_opted_out_at', { withTimezone: true }),
    /** A phone being verified, and the HMAC of the code texted to it (never the code). */
    pendingPhone: text('pending_phone'),
    codeHash: text('code_hash'),
    codeExpiresAt: timestamp('code_expires_at', { withTimezone: true }),
    /** Wrong codes entered for the pending one; at 5 it is void. */
    codeAttempts: integer('code_attempts').notNull().default(0),
    /** When the last notification to this tutor was composed: the batching window's start. */
    lastNotifiedAt: timestamp('last_notified_at', { withTimezone: true }),
    /**
     * Until when what the tutor should hear of waits (their quiet hours, the batching window): the
     * notifier does not look at the tutor before. Cleared when the tutor changes their settings.
     */
    heldUntil: timestamp('held_until', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      'notification_settings_channel_known',
      sql`${table.channel} in ('email', 'text', 'none')`,
    ),
    index('notification_settings_phone_idx').on(table.phone),
  ],
);

/**
 * One notification to one tutor, composed once (its words fixed, the messages it tells of marked
 * in the same transaction) and then delivered: claimed with a lease (state 'sending',
 * locked_until), handed to the mail or SMS provider, marked 'sent'. A claim whose lease ran out
 * (the server died while sending) is claimed again; see the README for what that guarantees.
 */
export const notificationJobs = pgTable(
  'notification_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tutorId: uuid('tutor_id')
      .notNull()
      .references(() => tutors.id, { onDelete: 'cascade' }),
    channel: text('channel').$type<'email' | 'text'>().notNull(),
    /** The tutor's e-mail address or phone. */
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull().default(''),
    textBody: text('text_body').notNull(),
    /** The e-mail's HTML part (null for a text). */
    htmlBody: text('html_body'),
    state: text('state')
      .$type<'pending' | 'sending' | 'sent' | 'failed'>()
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** When it may be claimed (later after a failed attempt). */
    notBefore: timestamp('not_before', { withTimezone: true }).notNull(),
    /** While 'sending': until when the claim holds. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    lastError: text('last_error'),
  },
  (table) => [
    index('notification_jobs_waiting_idx')
      .on(table.notBefore)
      .where(sql`${table.state} in ('pending', 'sending')`),
    index('notification_jobs_tutor_idx').on(table.tutorId, table.createdAt),
    check(
      'notification_jobs_state_known',
      sql`${table.state} in ('pending', 'sending', 'sent', 'failed')`,
    ),
    check('notification_jobs_channel_known', sql`${table.channel} in ('email', 'text')`),
  ],
);
