// Liveness and readiness for a load balancer (GET /api/healthz, GET /api/readyz): public, no
// session, and cheap: /healthz touches nothing, /readyz one small query, answered within
// READINESS_QUERY_TIMEOUT_MS whatever the database does. Readiness also reports the mail and SMS
// providers ('degraded' when they could not be reached, 'unconfigured' when production runs
// without them) without failing for them: the rest of the portal works without e-mail or texts.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { migrationsFolder } from '../../db/open.ts';
import { ApiError } from '../../http/errors.ts';
import { registerOperation } from '../../http/operations.ts';
import type { RouteContext } from '../../http/route-context.ts';

/** How many migrations this build carries (drizzle's journal beside them). */
function migrationsOfThisBuild(): number {
  const journal: { entries: unknown[] } = JSON.parse(
    readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  );
  return journal.entries.length;
}

/**
 * How long the readiness query may take: a load balancer's check (often 1-2 s) must get its 503
 * in time while the database is away, whatever the pool is doing.
 */
export const READINESS_QUERY_TIMEOUT_MS = 800;

/** `promise`, or a rejection after `ms` (the promise runs on, its outcome ignored). */
function within<T>(promise: PromiseLike<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** Whether the process is shutting down: readiness turns 503 first, so traffic drains away. */
export interface Lifecycle {
  shuttingDown: boolean;
}

export function registerHealthRoutes(
  scope: FastifyInstance,
  context: RouteContext,
  lifecycle: Lifecycle,
): void {
  const expected = migrationsOfThisBuild();

  registerOperation(scope, context, {
    operationId: 'getHealth',
    access: 'public',
    handler: async () => ({ status: 'ok' }),
  });

  registerOperation(scope, context, {
    operationId: 'getReadiness',
    access: 'public',
    handler: async () => {
      if (lifecycle.shuttingDown) throw new ApiError(503, 'The server is shutting down.');
      let applied: number;
      try {
        // drizzle's migrators record each applied migration in drizzle.__drizzle_migrations.
        const [row] = await within(
          context.db
            .select({ applied: sql<number>`count(*)::int` })
            .from(sql`drizzle.__drizzle_migrations`),
          READINESS_QUERY_TIMEOUT_MS,
        );
        applied = Number(row?.applied ?? 0);
      } catch {
        throw new ApiError(503, 'The database cannot be reached.');
      }
      if (applied < expected) {
        throw new ApiError(503, `Migrations are not applied: ${applied} of ${expected}.`);
      }
      return {
        status: 'ready',
        migrations: applied,
        providers: {
          mail: context.mail.status?.() ?? 'ok',
          sms: context.sms.status?.() ?? 'ok',
        },
      };
    },
  });
}
