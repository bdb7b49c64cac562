// The integration audit: every call of the integration API, refused ones (401, 403, 400, 413, ...)
// and reads included, with the key's name (or `unknown key`), the time, the operation, the answer's
// status, the counts of its rows and the record ids. A write that commits records its entry in its
// own transaction (upsert.ts, content.ts), so the entry and the rows stand or fall together; every
// other call is recorded as its answer is sent, before the caller has it.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../../db/open.ts';
import { integrationAudit } from '../../db/schema.ts';
import { errorBody } from '../../http/errors.ts';
import { integrationKeyName } from './keys.ts';

/** A field audited one by one (a guardian's phone): old and new value, masked. */
export interface AuditChange {
  recordId: string;
  field: string;
  from: string | null;
  to: string | null;
}

/** What a handler tells the audit of its call. */
interface AuditNote {
  counts?: Record<string, number>;
  recordIds?: string[];
  /** The entry was written with the call's own transaction. */
  written?: boolean;
}

const notes = new WeakMap<FastifyRequest, AuditNote>();

export function noteAudit(request: FastifyRequest, note: AuditNote): void {
  notes.set(request, { ...notes.get(request), ...note });
}

/** A phone number as the audit keeps it: its last two digits only. */
export function maskPhone(phone: string | null | undefined): string | null {
  if (!phone) return null;
  return `…${phone.replace(/\D/g, '').slice(-2)}`;
}

const BEARER = /^Bearer +(\S+)\s*$/i;

/** The name of the calling key, as the audit gives it. */
async function callerName(db: Database, request: FastifyRequest): Promise<string> {
  const session = request.session;
  if (session?.kind === 'integration') return session.keyName;
  const key = request.headers.authorization?.match(BEARER)?.[1];
  return (key && (await integrationKeyName(db, key))) ?? 'unknown key';
}

/** The record ids a call's body names (a batch's rows, an archive's ids). */
function bodyRecordIds(body: unknown): string[] {
  if (body === null || typeof body !== 'object') return [];
  const { rows, recordIds } = body as { rows?: unknown; recordIds?: unknown };
  const ids = Array.isArray(rows)
    ? rows.map((row) => (row as { recordId?: unknown } | null)?.recordId)
    : Array.isArray(recordIds)
      ? recordIds
      : [];
  return ids.filter((id): id is string => typeof id === 'string' && id !== '');
}

/** The operation a call is recorded under: an archive's names its kind. */
export function auditOperation(operationId: string, body: unknown): string {
  const kind = (body as { kind?: unknown } | null)?.kind;
  return operationId === 'archiveIntegrationRecords' && typeof kind === 'string'
    ? `${operationId}:${kind}`
    : operationId;
}

/**
 * Records every call of the routes in `operations` (by method and route path) as its answer is
 * sent, unless the call's own transaction recorded it.
 */
export function registerCallAudit(
  scope: FastifyInstance,
  options: { db: Database; now: () => Date; operations: Map<string, string> },
): void {
  const { db, now, operations } = options;
  scope.addHook('onSend', async (request, reply, payload) => {
    const method = request.method === 'HEAD' ? 'GET' : request.method;
    const operationId = operations.get(`${method} ${request.routeOptions.url}`);
    const note = notes.get(request);
    if (!operationId || note?.written) return payload;
    const recordIds = note?.recordIds ?? bodyRecordIds(request.body);
    const counts =
      note?.counts ??
      (reply.statusCode >= 400 && recordIds.length > 0 ? { rejected: recordIds.length } : {});
    try {
      await db.insert(integrationAudit).values({
        keyName: await callerName(db, request),
        operation: auditOperation(operationId, request.body),
        at: now(),
        status: reply.statusCode,
        counts,
        recordIds,
      });
    } catch (error) {
      request.log.error({ err: error, operationId }, 'integration call not audited');
      // Nothing read or accepted goes out unaudited (a refusal still says why).
      if (reply.statusCode < 400) {
        reply.code(500).removeHeader('content-encoding');
        return JSON.stringify(errorBody(500, 'Internal server error.'));
      }
    }
    return payload;
  });
}
