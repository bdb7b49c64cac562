// Liveness and readiness for a load balancer (GET /api/healthz, GET /api/readyz): public, no
// session, and cheap: /healthz touches nothing, /readyz one small query.
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
        const [row] = await context.db
          .select({ applied: sql<number>`count(*)::int` })
          .from(sql`drizzle.__drizzle_migrations`);
        applied = Number(row?.applied ?? 0);
      } catch {
        throw new ApiError(503, 'The database cannot be reached.');
      }
      if (applied < expected) {
        throw new ApiError(503, `Migrations are not applied: ${applied} of ${expected}.`);
      }
      return { status: 'ready', migrations: applied };
    },
  });
}
