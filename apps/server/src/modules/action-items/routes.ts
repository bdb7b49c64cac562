import type { components } from '@tutoring/api/schema';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/open.ts';
import { prepared } from '../../db/prepared.ts';
import { actionItems } from '../../db/schema.ts';
import { ApiError, notFound } from '../../http/errors.ts';
import { registerOperation } from '../../http/operations.ts';
import type { RouteContext } from '../../http/route-context.ts';
import { currentTutor, isRecordUuid } from '../tutors/access.ts';

type ActionItem = components['schemas']['ActionItem'];
type CompleteActionItemRequest = components['schemas']['CompleteActionItemRequest'];
type ActionItemRow = typeof actionItems.$inferSelect;

const ACTION_ITEM_LIMIT = 500;
const ITEM_NOT_FOUND_MESSAGE = 'No such action item.';

function toActionItem(row: ActionItemRow): ActionItem {
  return {
    Action_Item_ID: row.id,
    Title: row.title,
    Description: row.description,
    URL: row.url,
    CreatedAt: row.createdAt.toISOString(),
    Completed: row.completedAt !== null,
    Automatic_Completion: row.automaticCompletion,
  };
}

const actionItemsOfTutor = (db: Database) =>
  db
    .select()
    .from(actionItems)
    .where(and(eq(actionItems.tutorId, sql.placeholder('tutorId')), isNull(actionItems.archivedAt)))
    .orderBy(desc(actionItems.createdAt), desc(actionItems.id))
    .limit(ACTION_ITEM_LIMIT)
    .prepare('action_items_of_tutor');

export function registerActionItemRoutes(scope: FastifyInstance, context: RouteContext): void {
  const { db } = context;

  registerOperation(scope, context, {
    operationId: 'listActionItems',
    access: 'tutor',
    // fast-json-stringify writes this answer (10 items, 2.5 KB) in 3.0 µs against JSON.stringify's
    // 4.7 (issue 38); the announcement list (20 KB of HTML text) it writes slower, 29 against 26.
    serializeResponse: true,
    handler: async (request) => {
      const tutor = await currentTutor(db, request);
      const rows = await prepared(db, actionItemsOfTutor).execute({ tutorId: tutor.id });
      return rows.map(toActionItem);
    },
  });

  registerOperation(scope, context, {
    operationId: 'completeActionItem',
    access: 'tutor',
    handler: async (request) => {
      const { itemId } = request.body as CompleteActionItemRequest;
      const tutor = await currentTutor(db, request);
      if (!isRecordUuid(itemId)) throw notFound(ITEM_NOT_FOUND_MESSAGE);
      const [item] = await db
        .select()
        .from(actionItems)
        .where(
          and(
            eq(actionItems.id, itemId),
            eq(actionItems.tutorId, tutor.id),
            isNull(actionItems.archivedAt),
          ),
        );
      if (!item) throw notFound(ITEM_NOT_FOUND_MESSAGE);
      if (item.automaticCompletion) {
        throw new ApiError(409, 'This action item completes automatically.');
      }
      if (item.completedAt) return toActionItem(item);
      // Completion is never undone: only an open item gets a completion time.
      const [completed] = await db
        .update(actionItems)
        .set({ completedAt: context.now() })
        .where(and(eq(actionItems.id, item.id), isNull(actionItems.completedAt)))
        .returning();
      if (completed) return toActionItem(completed);
      const [current] = await db.select().from(actionItems).where(eq(actionItems.id, item.id));
      return toActionItem(current ?? item);
    },
  });
}
