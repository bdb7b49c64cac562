// What the organisation publishes and records for its tutors, keyed by its record ids: tutoring
// sessions, portal and weekly announcements (HTML, sanitised on the way in) and action items; and
// their explicit archiving.
import type { components } from '@tutoring/api/schema';
import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type sanitizeHtml from 'sanitize-html';
import type { Database } from '../../db/open.ts';
import {
  actionItems,
  applicants,
  integrationAudit,
  portalAnnouncements,
  students,
  tutoringSessions,
  tutors,
  weeklyAnnouncements,
} from '../../db/schema.ts';
import { ApiError } from '../../http/errors.ts';
import { type CallAudit, type FieldError, idsByRecordId, type UpsertKind } from './upsert.ts';

type Schemas = components['schemas'];
export type SessionRecord = Schemas['IntegrationSession'];
export type PortalAnnouncementRecord = Schemas['IntegrationPortalAnnouncement'];
export type WeeklyAnnouncementRecord = Schemas['IntegrationWeeklyAnnouncement'];
export type ActionItemRecord = Schemas['IntegrationActionItem'];
type ArchiveRequest = Schemas['IntegrationArchiveRequest'];
type ArchiveResult = Schemas['IntegrationArchiveResult'];

/**
 * What HTML the portal renders (announcements, action items' descriptions) may keep: text
 * formatting, lists, headings and links (the portal's SafeHtml sanitises again before rendering;
 * this keeps scripts and the like out of the database, whatever else reads it).
 */
const ANNOUNCEMENT_HTML: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    'a',
    'ul',
    'ol',
    'li',
    'h2',
    'h3',
    'h4',
    'blockquote',
  ],
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: ['https', 'http', 'mailto', 'tel'],
  transformTags: { a: safeLink },
};

/**
 * A link opens a new tab only as target="_blank" with rel="noopener noreferrer" (the new page gets
 * no handle on the portal's window, nor its address); any other target or rel is dropped.
 */
function safeLink(tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  const { target, rel: _rel, ...kept } = attribs;
  return {
    tagName,
    attribs: target === '_blank' ? { ...kept, target, rel: 'noopener noreferrer' } : kept,
  };
}

/**
 * sanitize-html, loaded with the first announcement written: only the integration API's writes
 * need it, and importing it adds 19 MB to the process (a server's memory is measured under
 * `pnpm bench:api`, whose routes never load it).
 */
let sanitizer: Promise<typeof sanitizeHtml> | undefined;
const loadSanitizer = () => {
  sanitizer ??= import('sanitize-html').then((module) => module.default);
  return sanitizer;
};

/** HTML as the portal may render it (ANNOUNCEMENT_HTML), possibly empty. */
export async function sanitisedPortalHtml(html: string): Promise<string> {
  const sanitize = await loadSanitizer();
  return sanitize(html, ANNOUNCEMENT_HTML).trim();
}

/** The sanitised HTML, or undefined when nothing but markup is left. */
export async function sanitiseAnnouncementHtml(html: string): Promise<string | undefined> {
  const sanitize = await loadSanitizer();
  const clean = await sanitisedPortalHtml(html);
  const text = sanitize(clean, { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;|\s/g, '')
    .trim();
  return text === '' ? undefined : clean;
}

function sessionColumns(record: SessionRecord, tutorId: string, studentId: string) {
  return { tutorId, studentId, sessionDate: record.sessionDate, minutes: record.minutes };
}

export const sessionRecords: UpsertKind<SessionRecord, ReturnType<typeof sessionColumns>> = {
  operation: 'upsertIntegrationSessions',
  async prepare(db, rows, errors) {
    const tutorIds = await idsByRecordId(
      db,
      tutors,
      rows.map((row) => row.tutorRecordId),
    );
    const studentIds = await idsByRecordId(
      db,
      students,
      rows.map((row) => row.studentRecordId),
    );
    rows.forEach((row, index) => {
      if (!tutorIds.has(row.tutorRecordId)) {
        errors[index]?.push({ path: 'tutorRecordId', message: 'no tutor has this record id' });
      }
      if (!studentIds.has(row.studentRecordId)) {
        errors[index]?.push({ path: 'studentRecordId', message: 'no student has this record id' });
      }
    });
    return (row) =>
      sessionColumns(
        row,
        tutorIds.get(row.tutorRecordId) ?? '',
        studentIds.get(row.studentRecordId) ?? '',
      );
  },
  async existing(tx, recordIds) {
    const rows = await tx
      .select()
      .from(tutoringSessions)
      .where(inArray(tutoringSessions.externalRecordId, recordIds));
    return new Map(rows.map((row) => [row.externalRecordId as string, row]));
  },
  async insert(tx, recordId, columns) {
    await tx.insert(tutoringSessions).values({ externalRecordId: recordId, ...columns });
  },
  async update(tx, id, columns) {
    await tx.update(tutoringSessions).set(columns).where(eq(tutoringSessions.id, id));
  },
};

/** Sanitises each row's HTML field, with an error for a row whose HTML has no text. */
async function sanitisedHtml<Row>(
  rows: Row[],
  errors: FieldError[][],
  field: string,
  html: (row: Row) => string,
): Promise<Map<Row, string>> {
  const clean = new Map<Row, string>();
  for (const [index, row] of rows.entries()) {
    const sanitised = await sanitiseAnnouncementHtml(html(row));
    if (sanitised === undefined) {
      errors[index]?.push({ path: field, message: 'has no text once its HTML is sanitised' });
    } else {
      clean.set(row, sanitised);
    }
  }
  return clean;
}

export const portalAnnouncementRecords: UpsertKind<
  PortalAnnouncementRecord,
  { subject: string; message: string; archivedAt: Date | null; createdAt?: Date }
> = {
  operation: 'upsertIntegrationPortalAnnouncements',
  async prepare(_db, rows, errors) {
    const messages = await sanitisedHtml(rows, errors, 'message', (row) => row.message);
    return (row) => ({
      subject: row.subject,
      message: messages.get(row) ?? '',
      archivedAt: null,
      ...(row.createdAt ? { createdAt: new Date(row.createdAt) } : {}),
    });
  },
  async existing(tx, recordIds) {
    const rows = await tx
      .select()
      .from(portalAnnouncements)
      .where(inArray(portalAnnouncements.externalRecordId, recordIds));
    return new Map(rows.map((row) => [row.externalRecordId as string, row]));
  },
  async insert(tx, recordId, columns) {
    await tx.insert(portalAnnouncements).values({ externalRecordId: recordId, ...columns });
  },
  async update(tx, id, columns) {
    await tx.update(portalAnnouncements).set(columns).where(eq(portalAnnouncements.id, id));
  },
};

export const weeklyAnnouncementRecords: UpsertKind<
  WeeklyAnnouncementRecord,
  { title: string; content: string; archivedAt: Date | null; createdAt?: Date }
> = {
  operation: 'upsertIntegrationWeeklyAnnouncements',
  async prepare(_db, rows, errors) {
    const contents = await sanitisedHtml(rows, errors, 'content', (row) => row.content);
    return (row) => ({
      title: row.title,
      content: contents.get(row) ?? '',
      archivedAt: null,
      ...(row.createdAt ? { createdAt: new Date(row.createdAt) } : {}),
    });
  },
  async existing(tx, recordIds) {
    const rows = await tx
      .select()
      .from(weeklyAnnouncements)
      .where(inArray(weeklyAnnouncements.externalRecordId, recordIds));
    return new Map(rows.map((row) => [row.externalRecordId as string, row]));
  },
  async insert(tx, recordId, columns) {
    await tx.insert(weeklyAnnouncements).values({ externalRecordId: recordId, ...columns });
  },
  async update(tx, id, columns) {
    await tx.update(weeklyAnnouncements).set(columns).where(eq(weeklyAnnouncements.id, id));
  },
};

interface ActionItemColumns {
  tutorId: string;
  title: string;
  description: string;
  url: string | null;
  automaticCompletion: boolean;
  archivedAt: Date | null;
  /** Only when the row says `completed`: true keeps a stored completion time. */
  completedAt?: Date | null;
}

export function actionItemRecords(now: Date): UpsertKind<ActionItemRecord, ActionItemColumns> {
  return {
    operation: 'upsertIntegrationActionItems',
    async prepare(db, rows, errors) {
      const tutorIds = await idsByRecordId(
        db,
        tutors,
        rows.map((row) => row.tutorRecordId),
      );
      const completed = new Map(
        (
          await db
            .select({
              recordId: actionItems.externalRecordId,
              completedAt: actionItems.completedAt,
            })
            .from(actionItems)
            .where(
              and(
                inArray(
                  actionItems.externalRecordId,
                  rows.map((row) => row.recordId),
                ),
                isNotNull(actionItems.completedAt),
              ),
            )
        ).map((row) => [row.recordId, row.completedAt]),
      );
      rows.forEach((row, index) => {
        if (!tutorIds.has(row.tutorRecordId)) {
          errors[index]?.push({ path: 'tutorRecordId', message: 'no tutor has this record id' });
        }
      });
      // The portal renders the description as HTML (a task's message): sanitised like the
      // announcements, but it may be empty.
      const descriptions = new Map<ActionItemRecord, string>();
      for (const row of rows) {
        descriptions.set(row, await sanitisedPortalHtml(row.description ?? ''));
      }
      return (row) => ({
        tutorId: tutorIds.get(row.tutorRecordId) ?? '',
        title: row.title,
        description: descriptions.get(row) ?? '',
        url: row.url ?? null,
        automaticCompletion: row.automaticCompletion ?? false,
        archivedAt: null,
        ...(row.completed === undefined
          ? {}
          : { completedAt: row.completed ? (completed.get(row.recordId) ?? now) : null }),
      });
    },
    async existing(tx, recordIds) {
      const rows = await tx
        .select()
        .from(actionItems)
        .where(inArray(actionItems.externalRecordId, recordIds));
      return new Map(rows.map((row) => [row.externalRecordId as string, row]));
    },
    async insert(tx, recordId, columns) {
      await tx.insert(actionItems).values({ externalRecordId: recordId, ...columns });
    },
    async update(tx, id, columns) {
      await tx.update(actionItems).set(columns).where(eq(actionItems.id, id));
    },
  };
}

const ARCHIVABLE = {
  portalAnnouncements,
  weeklyAnnouncements,
  actionItems,
  tutors,
  applicants,
} as const;

/**
 * Archives records of one kind by record id, all or nothing: announcements and action items get
 * `archived_at` (hidden from tutors), tutors and applicants too (they sign in to nothing), students
 * are also unmatched from their tutor, and sessions are deleted (their minutes leave the totals).
 */
export async function archiveRecords(
  db: Database,
  request: ArchiveRequest,
  audit: CallAudit,
): Promise<ArchiveResult> {
  const recordIds = [...new Set(request.recordIds)];
  const table =
    request.kind === 'tutoringSessions'
      ? tutoringSessions
      : request.kind === 'students'
        ? students
        : ARCHIVABLE[request.kind];
  const stored = await db
    .select({ recordId: table.externalRecordId })
    .from(table)
    .where(inArray(table.externalRecordId, recordIds));
  const known = new Set(stored.map((row) => row.recordId));
  const unknown = recordIds.filter((recordId) => !known.has(recordId));
  const operation = `archiveIntegrationRecords:${request.kind}`;
  if (unknown.length > 0) {
    // Recorded as the 400 is sent (audit.ts).
    throw new ApiError(400, 'Some record ids are not known; nothing was archived.', {
      rows: unknown.map((recordId) => ({
        recordId,
        status: 'error',
        errors: [{ path: 'recordIds', message: 'no record has this record id' }],
      })),
    });
  }
  const result = await db.transaction(async (tx) => {
    let archived: Array<{ recordId: string | null }>;
    if (request.kind === 'tutoringSessions') {
      archived = await tx
        .delete(tutoringSessions)
        .where(inArray(tutoringSessions.externalRecordId, recordIds))
        .returning({ recordId: tutoringSessions.externalRecordId });
    } else if (request.kind === 'students') {
      // Unmatched as well: no tutor sees an archived student any more.
      archived = await tx
        .update(students)
        .set({ archivedAt: audit.at, tutorId: null })
        .where(and(inArray(students.externalRecordId, recordIds), isNull(students.archivedAt)))
        .returning({ recordId: students.externalRecordId });
    } else {
      const archivable = ARCHIVABLE[request.kind];
      archived = await tx
        .update(archivable)
        .set({ archivedAt: audit.at })
        .where(and(inArray(archivable.externalRecordId, recordIds), isNull(archivable.archivedAt)))
        .returning({ recordId: archivable.externalRecordId });
    }
    const done = new Set(archived.map((row) => row.recordId));
    const counts = { archived: done.size, unchanged: recordIds.length - done.size };
    await tx.insert(integrationAudit).values({
      keyName: audit.keyName,
      at: audit.at,
      operation,
      status: 200,
      counts,
      recordIds,
    });
    return {
      rows: recordIds.map((recordId) => ({
        recordId,
        status: done.has(recordId) ? ('archived' as const) : ('unchanged' as const),
      })),
      counts,
    };
  });
  audit.recorded();
  return result;
}
