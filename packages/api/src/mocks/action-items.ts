import {
  errorResponse,
  jsonResponse,
  type MockOptions,
  mockOperation,
  type PostBody,
  type ResponseBody,
  readJsonBody,
} from './contract';
import { createMockDb } from './db';

/** GET /action-item and POST /action-item/complete over `db.actionItems`. */
export function createActionItemsHandlers(options: MockOptions = {}) {
  const db = options.db ?? createMockDb();

  return [
    mockOperation(options, 'GET /action-item', () =>
      jsonResponse<ResponseBody<'/action-item', 'get'>>(db.actionItems),
    ),

    mockOperation(options, 'POST /action-item/complete', async ({ request }) => {
      const body = await readJsonBody<PostBody<'/action-item/complete'>>(request);
      if (!body?.itemId) return errorResponse('INVALID_ARGUMENT', 'itemId is required.');
      const item = db.actionItems.find((i) => i.Action_Item_ID === body.itemId);
      if (!item) return errorResponse('NOT_FOUND', 'No such action item.');
      if (item.Automatic_Completion && !item.Completed) {
        return errorResponse('ABORTED', 'This action item completes automatically.');
      }
      item.Completed = true;
      return jsonResponse<ResponseBody<'/action-item/complete', 'post'>>(item);
    }),
  ];
}

export const actionItemsHandlers = createActionItemsHandlers();
