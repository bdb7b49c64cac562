// The integration API (/api/integration/v1): the organisation's own systems push their records in
// and read the feeds and the audit, with integration keys (keys.ts) instead of sign-in tokens. The
// routes live in a plugin of their own, whose hook audits every call (audit.ts); each route checks
// the key's scope for it as the key is verified, before the body is read.
import { and, desc, eq, lt, or } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../../db/open.ts';
import { integrationAudit } from '../../db/schema.ts';
import type { SharedReadCache } from '../../db/shared-read-cache.ts';
import { requireSession } from '../../http/auth.ts';
import { invalidArgument, permissionDenied } from '../../http/errors.ts';
import { type OperationRoute, registerOperation } from '../../http/operations.ts';
import type { RouteContext } from '../../http/route-context.ts';
import { type ApplicantRecord, applicantRecords, listApplicantProgress } from './applicants.ts';
import { noteAudit, registerCallAudit } from './audit.ts';
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
import { grants, type WriteKind } from './keys.ts';
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
  // it (in every instance: the answer waits until they are told) so tutors see new or changed
  // announcements on their next call, whichever instance takes it.
  const sharedReadOf: SharedReads = {
    weeklyAnnouncements: context.tutorReferenceData,
    portalAnnouncements: context.portalAnnouncementList,
  };
  scope.register(async (integration) => {
    const operations = new Map<string, string>();
    registerCallAudit(integration, { db: context.db, now: context.now, operations });
    const routes: Routes = (route, needs) => {
      const operation = context.contract.operation(route.operationId);
      const path = operation.path.replace(/\{([^}]+)\}/g, ':$1');
      operations.set(`${operation.method} ${integration.prefix}${path}`, route.operationId);
      registerOperation(integration, scoped(context, needs), route);
    };
    registerPeopleUpserts(routes, context);
    registerContentUpserts(routes, context, sharedReadOf);
    registerArchive(integration, routes, context, sharedReadOf);
    registerReads(routes, context);
  });
}

/** Registers an operation of the integration API with the scope it needs (undefined: any write). */
type Routes = (route: OperationRoute, needs: string | undefined) => void;

/**
 * The route context whose key check also asks for the scope the route needs, so a key without it
 * is refused (403) before its body is read. `write` keys hold every scope.
 */
function scoped(context: RouteContext, needs: string | undefined): RouteContext {
  if (!needs) return context;
  return {
    ...context,
    verifyIntegrationKey: async (key) => {
      const caller = await context.verifyIntegrationKey(key);
      if (caller && !grants(scopesOf(caller), needs)) {
        throw permissionDenied(
          `The key ${caller.keyName} does not hold the ${needs} scope this call needs ` +
            `(it holds ${scopesOf(caller).join(', ')}).`,
        );
      }
      return caller;
    },
  };
}

function scopesOf(caller: { scope: 'read' | 'write'; scopes?: readonly string[] }) {
  return caller.scopes ?? [caller.scope];
}

/** The scopes of the key a request was made with. */
function callerScopes(request: FastifyRequest): readonly string[] {
  const { scope, scopes } = requireSession(request, 'integration');
  return scopes ?? [scope];
}

const writeScope = (kind: WriteKind) => `${kind}:write`;

/** Shared reads by the kind of record whose writes make them stale. */
type SharedReads = Partial<Record<string, SharedReadCache<unknown>>>;

/** The audit of a write's own transaction, for upsertBatch, and its note that it is recorded. */
function writeAudit(request: FastifyRequest, context: RouteContext) {
  const { keyName } = requireSession(request, 'integration');
  return {
    keyName,
    at: context.now(),
    scopes: callerScopes(request),
    recorded: () => noteAudit(request, { written: true }),
  };
}

/** Upserts of tutors, students and applicants. */
function registerPeopleUpserts(routes: Routes, context: RouteContext): void {
  const { db } = context;

  routes(
    {
      operationId: 'upsertIntegrationTutors',
      access: 'integration-write',
      rowSchema: 'IntegrationTutor',
      handler: async (request) => {
        const { rows } = request.body as { rows: TutorRecord[] };
        return upsertBatch(db, tutorRecords, rows, writeAudit(request, context));
      },
    },
    writeScope('tutors'),
  );

  // Changing a stored guardian phone also needs GUARDIAN_PHONE_SCOPE (students.ts checks it).
  routes(
    {
      operationId: 'upsertIntegrationStudents',
      access: 'integration-write',
      rowSchema: 'IntegrationStudent',
      handler: async (request) => {
        const { rows } = request.body as { rows: StudentRecord[] };
        return upsertBatch(db, studentRecords, rows, writeAudit(request, context));
      },
    },
    writeScope('students'),
  );

  routes(
    {
      operationId: 'upsertIntegrationApplicants',
      access: 'integration-write',
      rowSchema: 'IntegrationApplicant',
      handler: async (request) => {
        const { rows } = request.body as { rows: ApplicantRecord[] };
        return upsertBatch(db, applicantRecords, rows, writeAudit(request, context));
      },
    },
    writeScope('applicants'),
  );
}

/** Upserts of sessions, announcements, action items and pathways, each dropping what it stales. */
function registerContentUpserts(
  routes: Routes,
  context: RouteContext,
  sharedReadOf: SharedReads,
): void {
  const { db } = context;
  const upserts = [
    [
      'upsertIntegrationSessions',
      'IntegrationSession',
      'tutoringSessions',
      'sessions',
      () => sessionRecords,
    ],
    [
      'upsertIntegrationPortalAnnouncements',
      'IntegrationPortalAnnouncement',
      'portalAnnouncements',
      'portal-announcements',
      () => portalAnnouncementRecords,
    ],
    [
      'upsertIntegrationWeeklyAnnouncements',
      'IntegrationWeeklyAnnouncement',
      'weeklyAnnouncements',
      'weekly-announcements',
      () => weeklyAnnouncementRecords,
    ],
    [
      'upsertIntegrationActionItems',
      'IntegrationActionItem',
      'actionItems',
      'action-items',
      () => actionItemRecords(context.now()),
    ],
    [
      'upsertIntegrationPathways',
      'IntegrationPathway',
      'pathways',
      'pathways',
      () => pathwayRecords,
    ],
  ] as const;
  for (const [operationId, rowSchema, recordKind, writeKind, kindOf] of upserts) {
    const route: OperationRoute = {
      operationId,
      access: 'integration-write',
      rowSchema,
      handler: async (request) => {
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
            writeAudit(request, context),
          );
        } finally {
          await sharedReadOf[recordKind]?.invalidate();
        }
      },
    };
    routes(route, writeScope(writeKind));
  }
}

/** The scope an archive of each kind needs. */
const ARCHIVE_SCOPE: Record<string, WriteKind> = {
  tutors: 'tutors',
  students: 'students',
  applicants: 'applicants',
  portalAnnouncements: 'portal-announcements',
  weeklyAnnouncements: 'weekly-announcements',
  actionItems: 'action-items',
  tutoringSessions: 'sessions',
};

/**
 * Archiving records of a kind, which drops what the kind's shared read holds too. The scope
 * depends on the kind in the body: checked once the body is read, before it is validated.
 */
function registerArchive(
  integration: FastifyInstance,
  routes: Routes,
  context: RouteContext,
  sharedReadOf: SharedReads,
): void {
  const { db } = context;
  integration.addHook('preValidation', async (request) => {
    if (request.routeOptions.url !== `${integration.prefix}/integration/v1/archive`) return;
    const kind = (request.body as { kind?: unknown } | null)?.kind;
    const needs = typeof kind === 'string' ? ARCHIVE_SCOPE[kind] : undefined;
    if (!needs) return; // the contract's check refuses the body
    const { keyName } = requireSession(request, 'integration');
    if (!grants(callerScopes(request), writeScope(needs))) {
      throw permissionDenied(
        `The key ${keyName} does not hold the ${writeScope(needs)} scope archiving ${kind} needs.`,
      );
    }
  });
  routes(
    {
      operationId: 'archiveIntegrationRecords',
      access: 'integration-write',
      handler: async (request) => {
        const body = request.body as Parameters<typeof archiveRecords>[1];
        try {
          return await archiveRecords(db, body, writeAudit(request, context));
        } finally {
          await sharedReadOf[body.kind]?.invalidate();
        }
      },
    },
    undefined,
  );
}

/** The reads: the feeds of applicants, students and texts, and the audit, a page at a time. */
function registerReads(routes: Routes, context: RouteContext): void {
  const { db } = context;
  const feedQuery = (request: FastifyRequest) => {
    const query = request.query as { limit?: string; cursor?: string; updatedSince?: string };
    return {
      limit: pageLimit(query.limit),
      cursor: query.cursor,
      updatedSince: query.updatedSince ? new Date(query.updatedSince) : undefined,
    };
  };
  /** The audit of a read: how many rows it returned and which. */
  const returned = (request: FastifyRequest, recordIds: Array<string | null>) =>
    noteAudit(request, {
      counts: { returned: recordIds.length },
      recordIds: recordIds.filter((id): id is string => id !== null),
    });

  routes(
    {
      operationId: 'listIntegrationApplicants',
      access: 'integration-read',
      handler: async (request) => {
        const page = await listApplicantProgress(db, feedQuery(request));
        returned(
          request,
          page.applicants.map((row) => row.recordId ?? `tutorCode:${row.tutorCode}`),
        );
        return page;
      },
    },
    'read',
  );

  routes(
    {
      operationId: 'listIntegrationStudents',
      access: 'integration-read',
      handler: async (request) => {
        const page = await listStudentTextState(db, feedQuery(request));
        returned(
          request,
          page.students.map((row) => row.recordId ?? `studentCode:${row.studentCode}`),
        );
        return page;
      },
    },
    'read',
  );

  routes(
    {
      operationId: 'listIntegrationMessages',
      access: 'integration-read',
      handler: async (request) => {
        const page = await listMessageOutcomes(db, feedQuery(request));
        returned(
          request,
          page.messages.map((row) => row.id),
        );
        return page;
      },
    },
    'read',
  );

  routes(
    {
      operationId: 'listIntegrationAudit',
      access: 'integration-read',
      handler: async (request) => {
        const page = await auditPage(db, request.query as { limit?: string; cursor?: string });
        noteAudit(request, { counts: { returned: page.entries.length }, recordIds: [] });
        return page;
      },
    },
    'read',
  );
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
      status: row.status,
      counts: row.counts,
      recordIds: row.recordIds,
      changes: row.changes,
    })),
    nextCursor: rows.length > limit && last ? encodeCursor(last.at, last.id) : null,
  };
}
