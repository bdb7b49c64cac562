import { http } from 'msw';
import {
  type ErrorBody,
  errorResponse,
  jsonResponse,
  type MockOptions,
  mockUrl,
  type PostBody,
  type ResponseBody,
  readJsonBody,
  type Schemas,
} from './contract';
import { actionItems } from './fixtures';

export interface ActionItemsMockOptions extends MockOptions {
  /** Action items (open, automatic and completed ones by default); [] shows 'No Available Items'. */
  items?: Schemas['ActionItem'][];
}

/** GET /action-item and POST /action-item/complete; completion is kept per handler set. */
export function createActionItemsHandlers(options: ActionItemsMockOptions = {}) {
  const items = structuredClone(options.items ?? actionItems);

  return [
    http.get<never, never, ResponseBody<'/action-item', 'get'>>(
      mockUrl(options, '/action-item'),
      () => jsonResponse<ResponseBody<'/action-item', 'get'>>(items),
    ),

    http.post<never, never, ResponseBody<'/action-item/complete', 'post'> | ErrorBody>(
      mockUrl(options, '/action-item/complete'),
      async ({ request }) => {
        const body = await readJsonBody<PostBody<'/action-item/complete'>>(request);
        if (!body?.itemId) return errorResponse('INVALID_ARGUMENT', 'itemId is required.');
        const item = items.find((i) => i.Action_Item_ID === body.itemId);
        if (!item) return errorResponse('NOT_FOUND', 'No such action item.');
        if (item.Automatic_Completion && !item.Completed) {
          return errorResponse('ABORTED', 'This action item completes automatically.');
        }
        item.Completed = true;
        return jsonResponse<ResponseBody<'/action-item/complete', 'post'>>(item);
      },
    ),
  ];
}

export const actionItemsHandlers = createActionItemsHandlers();
