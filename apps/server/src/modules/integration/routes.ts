// The integration API (/api/integration/v1): the organisation's own systems push their records in
// and read the audit, with integration keys (keys.ts) instead of sign-in tokens.
import { and, desc, eq, lt, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/open.ts';
import { integrationAudit } from '../../db/schema.ts';
import type { SharedReadCache } from '../../db/shared-read-cache.ts';
import { requireSession } from '../../http/auth.ts';
import { invalidArgument } from '../../http/errors.ts';
import { registerOperation } from '../../http/operations.ts';
import type { RouteContext } from '../../http/route-context.ts';
import { type ApplicantRecord, applicantRecords, listApplicantProgress } from './applicants.ts';
import {
  type ActionItemRecord,
  actionItemRecords,
  archiveRecords,
  type PortalAnnouncementRecord,
  portalAnnouncementRecords,
  type SessionRecord,
  sessionRecords,
  type WeeklyAnnouncementRecord,
  weeklyAnnouncementRecords,
} from './content.ts';
import { decodeCursor, encodeCursor } from './cursor.ts';
import { listMessageOutcomes } from './messages.ts';
import { type PathwayRecord, pathwayRecords } from './pathways.ts';
import { listStudentTextState, type StudentRecord, studentRecords } from './students.ts';
import { type TutorRecord, tutorRecords } from './tutors.ts';
import { type UpsertKind, upsertBatch } from './upsert.ts';

const PAGE_DEFAULT = 100;
const PAGE_MAX = 500;

/** A read's `limit` (the contract declares 1 to 500; the query string arrives as text). */
function pageLimit(raw: string | undefined): number {
  const limit = raw === undefined ? PAGE_DEFAULT : Number(raw);
  if (!Number.isInteger(limit) || limit < 1 || limit > PAGE_MAX) {
    throw invalidArgument(`limit must be an integer from 1 to ${PAGE_MAX}.`);
  }
  return limit;
}

export function registerIntegrationRoutes(scope: FastifyInstance, context: RouteContext): void {
  // The shared reads (shared-read-cache.ts) that a write of each kind makes stale, dropped after
  // it so tutors see new or changed announcements on their next call.
  const sharedReadOf: SharedReads = {
    weeklyAnnouncements: context.tutorReferenceData,
    portalAnnouncements: context.portalAnnouncementList,
  };
  registerPeopleUpserts(scope, context);
  registerContentUpserts(scope, context, sharedReadOf);
  registerArchive(scope, context, sharedReadOf);
  registerReads(scope, context);
}

/** Shared reads by the kind of record whose writes make them stale. */
type SharedReads = Partial<Record<string, SharedReadCache<unknown>>>;

/** Upserts of tutors, students and applicants. */
function registerPeopleUpserts(scope: FastifyInstance, context: RouteContext): void {
  const { db } = context;

  registerOperation(scope, context, {
    operationId: 'upsertIntegrationTutors',
    access: 'integration-write',
    rowSchema: 'IntegrationTutor',
    handler: async (request) => {
      const { keyName } = requireSession(request, 'integration');
      const { rows } = request.body as { rows: TutorRecord[] };
      return upsertBatch(db, tutorRecords, rows, { keyName, at: context.now() });
    },
  });

  registerOperation(scope, context, {
    operationId: 'upsertIntegrationStudents',
    access: 'integration-write',
    rowSchema: 'IntegrationStudent',
    handler: async (request) => {
      const { keyName } = requireSession(request, 'integration');
      const { rows } = request.body as { rows: StudentRecord[] };
      return upsertBatch(db, studentRecords, rows, { keyName, at: context.now() });
    },
  });

  registerOperation(scope, context, {
    operationId: 'upsertIntegrationApplicants',
    access: 'integration-write',
    rowSchema: 'IntegrationApplicant',
    handler: async (request) => {
      const { keyName } = requireSession(request, 'integration');
      const { rows } = request.body as { rows: ApplicantRecord[] };
      return upsertBatch(db, applicantRecords, rows, { keyName, at: context.now() });
    },
  });
}

/** Upserts of sessions, announcements, action items and pathways, each dropping what it stales. */
function registerContentUpserts(
  scope: FastifyInstance,
  context: RouteContext,
  sharedReadOf: SharedReads,
): void {
  const { db } = context;
  const upserts = [
    ['upsertIntegrationSessions', 'IntegrationSession', 'tutoringSessions', () => sessionRecords],
    [
      'upsertIntegrationPortalAnnouncements',
      'IntegrationPortalAnnouncement',
      'portalAnnouncements',
      () => portalAnnouncementRecords,
    ],
    [
      'upsertIntegrationWeeklyAnnouncements',
      'IntegrationWeeklyAnnouncement',
      'weeklyAnnouncements',
      () => weeklyAnnouncementRecords,
    ],
    [
      'upsertIntegrationActionItems',
      'IntegrationActionItem',
      'actionItems',
      () => actionItemRecords(context.now()),
    ],
    ['upsertIntegrationPathways', 'IntegrationPathway', 'pathways', () => pathwayRecords],
  ] as const;
  for (const [operationId, rowSchema, recordKind, kindOf] of upserts) {
    registerOperation(scope, context, {
      operationId,
      access: 'integration-write',
      rowSchema,
      handler: async (request) => {
        const { keyName } = requireSession(request, 'integration');
        const { rows } = request.body as {
          rows: Array<
            | SessionRecord
            | PortalAnnouncementRecord
            | WeeklyAnnouncementRecord
            | ActionItemRecord
            | PathwayRecord
          >;
        };
        try {
          return await upsertBatch(
            db,
            kindOf() as UpsertKind<(typeof rows)[number], object>,
            rows,
            { keyName, at: context.now() },
          );
        } finally {
          sharedReadOf[recordKind]?.invalidate();
        }
      },
    });
  }
}

/** Archiving records of a kind, which drops what the kind's shared read holds too. */
function registerArchive(
  scope: FastifyInstance,
  context: RouteContext,
  sharedReadOf: SharedReads,
): void {
  const { db } = context;
  registerOperation(scope, context, {
    operationId: 'archiveIntegrationRecords',
    access: 'integration-write',
    handler: async (request) => {
      const { keyName } = requireSession(request, 'integration');
      const body = request.body as Parameters<typeof archiveRecords>[1];
      try {
        return await archiveRecords(db, body, { keyName, at: context.now() });
      } finally {
        sharedReadOf[body.kind]?.invalidate();
      }
    },
  });
}

/** The reads: applicants' progress, texts' outcomes and the audit, a page at a time. */
function registerReads(scope: FastifyInstance, context: RouteContext): void {
  const { db } = context;

  registerOperation(scope, context, {
    operationId: 'listIntegrationApplicants',
    access: 'integration-read',
    handler: async (request) => {
      const query = request.query as { limit?: string; cursor?: string; updatedSince?: string };
      return listApplicantProgress(db, {
        limit: pageLimit(query.limit),
        cursor: query.cursor,
        updatedSince: query.updatedSince ? new Date(query.updatedSince) : undefined,
      });
    },
  });

  registerOperation(scope, context, {
    operationId: 'listIntegrationStudents',
    access: 'integration-read',
    handler: async (request) => {
      const query = request.query as { limit?: string; cursor?: string; updatedSince?: string };
      return listStudentTextState(db, {
        limit: pageLimit(query.limit),
        cursor: query.cursor,
        updatedSince: query.updatedSince ? new Date(query.updatedSince) : undefined,
      });
    },
  });

  registerOperation(scope, context, {
    operationId: 'listIntegrationMessages',
    access: 'integration-read',
    handler: async (request) => {
      const query = request.query as { limit?: string; cursor?: string; updatedSince?: string };
      return listMessageOutcomes(db, {
        limit: pageLimit(query.limit),
        cursor: query.cursor,
        updatedSince: query.updatedSince ? new Date(query.updatedSince) : undefined,
      });
    },
  });

  registerOperation(scope, context, {
    operationId: 'listIntegrationAudit',
    access: 'integration-read',
    handler: async (request) => auditPage(db, request.query as { limit?: string; cursor?: string }),
  });
}

/** A page of the audit, newest first. */
async function auditPage(db: Database, query: { limit?: string; cursor?: string }) {
  const limit = pageLimit(query.limit);
  const after = query.cursor ? decodeCursor(query.cursor) : undefined;
  const rows = await db
    .select()
    .from(integrationAudit)
    .where(
      after
        ? or(
            lt(integrationAudit.at, after.at),
            and(eq(integrationAudit.at, after.at), lt(integrationAudit.id, after.id)),
          )
        : undefined,
    )
    .orderBy(desc(integrationAudit.at), desc(integrationAudit.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    entries: page.map((row) => ({
      keyName: row.keyName,
      operation: row.operation,
      at: row.at.toISOString(),
      counts: row.counts,
    })),
    nextCursor: rows.length > limit && last ? encodeCursor(last.at, last.id) : null,
  };
}
