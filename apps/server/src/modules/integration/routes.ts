// The integration API (/api/integration/v1): the organisation's own systems push their records in
// and read the audit, with integration keys (keys.ts) instead of sign-in tokens.
import { and, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { integrationAudit, tutors } from '../../db/schema.ts';
import { requireSession } from '../../http/auth.ts';
import { ApiError, invalidArgument } from '../../http/errors.ts';
import { registerOperation } from '../../http/operations.ts';
import type { RouteContext } from '../../http/route-context.ts';

/** A tutor as the organisation's system sends it (IntegrationTutor in openapi.yaml). */
interface TutorRecord {
  recordId: string;
  tutorCode: string;
  firstName: string;
  lastName: string;
  email: string;
  availability?: string;
  availabilityFormUrl?: string | null;
  capacity?: number;
}

type RowOutcome =
  | { recordId: string; status: 'created' | 'updated' | 'unchanged' }
  | { recordId: string; status: 'valid' }
  | { recordId: string; status: 'error'; errors: Array<{ path: string; message: string }> };

/** The columns a tutor record sets, as they are stored. */
function tutorColumns(record: TutorRecord) {
  return {
    tutorCode: record.tutorCode,
    firstName: record.firstName,
    lastName: record.lastName,
    email: record.email.toLowerCase(),
    availability: record.availability ?? '',
    availabilityFormUrl: record.availabilityFormUrl ?? null,
    capacity: record.capacity ?? 0,
  };
}

const AUDIT_PAGE_DEFAULT = 100;
const AUDIT_PAGE_MAX = 500;

function readAuditCursor(cursor: string): { at: Date; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const date = new Date(at ?? '');
  if (!id || !/^[0-9a-f-]{36}$/.test(id) || Number.isNaN(date.getTime())) {
    throw invalidArgument('cursor is not one this API gave out.');
  }
  return { at: date, id };
}

export function registerIntegrationRoutes(scope: FastifyInstance, context: RouteContext): void {
  const { db } = context;

  registerOperation(scope, context, {
    operationId: 'upsertIntegrationTutors',
    access: 'integration-write',
    handler: async (request) => {
      const caller = requireSession(request, 'integration');
      const { rows } = request.body as { rows: TutorRecord[] };

      // Everything the schema cannot say: a record id or e-mail twice in the batch, or an e-mail
      // or tutor ID that belongs to another record already.
      const errors = rows.map(() => [] as Array<{ path: string; message: string }>);
      const firstIndex = new Map<string, number>();
      rows.forEach((row, index) => {
        for (const [field, value] of [
          ['recordId', row.recordId],
          ['email', row.email.toLowerCase()],
          ['tutorCode', row.tutorCode],
        ] as const) {
          const key = `${field}:${value}`;
          const first = firstIndex.get(key);
          if (first === undefined) firstIndex.set(key, index);
          else errors[index]?.push({ path: field, message: `the same as row ${first}'s` });
        }
      });
      const recordIds = rows.map((row) => row.recordId);
      const taken = await db
        .select({
          recordId: tutors.externalRecordId,
          email: sql<string>`lower(${tutors.email})`,
          tutorCode: tutors.tutorCode,
        })
        .from(tutors)
        .where(
          or(
            inArray(
              sql`lower(${tutors.email})`,
              rows.map((row) => row.email.toLowerCase()),
            ),
            inArray(
              tutors.tutorCode,
              rows.map((row) => row.tutorCode),
            ),
          ),
        );
      rows.forEach((row, index) => {
        for (const other of taken) {
          if (other.recordId === row.recordId) continue;
          if (other.email === row.email.toLowerCase()) {
            errors[index]?.push({ path: 'email', message: `belongs to record ${other.recordId}` });
          }
          if (other.tutorCode === row.tutorCode) {
            errors[index]?.push({
              path: 'tutorCode',
              message: `belongs to record ${other.recordId}`,
            });
          }
        }
      });
      if (errors.some((rowErrors) => rowErrors.length > 0)) {
        const outcomes: RowOutcome[] = rows.map((row, index) => {
          const rowErrors = errors[index] ?? [];
          return rowErrors.length > 0
            ? { recordId: row.recordId, status: 'error', errors: rowErrors }
            : { recordId: row.recordId, status: 'valid' };
        });
        await db.insert(integrationAudit).values({
          keyName: caller.keyName,
          operation: 'upsertIntegrationTutors',
          at: context.now(),
          counts: { rejected: rows.length },
        });
        throw new ApiError(400, 'Some rows are invalid; nothing was written.', {
          rows: outcomes,
        });
      }

      const outcomes = await db.transaction(async (tx) => {
        const existing = new Map(
          (await tx.select().from(tutors).where(inArray(tutors.externalRecordId, recordIds))).map(
            (row) => [row.externalRecordId, row],
          ),
        );
        const result: RowOutcome[] = [];
        for (const row of rows) {
          const columns = tutorColumns(row);
          const current = existing.get(row.recordId);
          if (!current) {
            await tx.insert(tutors).values({ externalRecordId: row.recordId, ...columns });
            result.push({ recordId: row.recordId, status: 'created' });
          } else if (
            (Object.keys(columns) as Array<keyof typeof columns>).every(
              (column) => current[column] === columns[column],
            )
          ) {
            result.push({ recordId: row.recordId, status: 'unchanged' });
          } else {
            await tx.update(tutors).set(columns).where(eq(tutors.id, current.id));
            result.push({ recordId: row.recordId, status: 'updated' });
          }
        }
        const counts = { created: 0, updated: 0, unchanged: 0 };
        for (const outcome of result) {
          if (outcome.status in counts) counts[outcome.status as keyof typeof counts] += 1;
        }
        await tx.insert(integrationAudit).values({
          keyName: caller.keyName,
          operation: 'upsertIntegrationTutors',
          at: context.now(),
          counts,
        });
        return { rows: result, counts };
      });
      return outcomes;
    },
  });

  registerOperation(scope, context, {
    operationId: 'listIntegrationAudit',
    access: 'integration-read',
    handler: async (request) => {
      const query = request.query as { limit?: string; cursor?: string };
      const limit = query.limit === undefined ? AUDIT_PAGE_DEFAULT : Number(query.limit);
      if (!Number.isInteger(limit) || limit < 1 || limit > AUDIT_PAGE_MAX) {
        throw invalidArgument(`limit must be an integer from 1 to ${AUDIT_PAGE_MAX}.`);
      }
      const after = query.cursor ? readAuditCursor(query.cursor) : undefined;
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
        nextCursor:
          rows.length > limit && last
            ? Buffer.from(`${last.at.toISOString()}|${last.id}`).toString('base64url')
            : null,
      };
    },
  });
}
