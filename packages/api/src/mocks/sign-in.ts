import {
  errorResponse,
  jsonResponse,
  type MockOptions,
  mockOperation,
  type PostBody,
  type ResponseBody,
  readCallableData,
} from './contract';
import { createMockDb } from './db';
import { customTokenSam, validStepUpToken } from './fixtures';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The public sign-in callables: sendEmailSignInLink (records the request in
 * `db.sentSignInLinks` and answers sent: true for any well-formed e-mail, like the server) and
 * getCustomAuthToken (accepts validStepUpToken).
 */
export function createSignInHandlers(options: MockOptions = {}) {
  const db = options.db ?? createMockDb();

  return [
    mockOperation(options, 'POST /functions/sendEmailSignInLink', async ({ request }) => {
      const data =
        await readCallableData<PostBody<'/functions/sendEmailSignInLink'>['data']>(request);
      if (!data?.email || !EMAIL.test(data.email)) {
        return errorResponse('INVALID_ARGUMENT', 'A valid email is required.');
      }
      if (data.returnUrl !== undefined && !/^\/(?![/\\])/.test(data.returnUrl)) {
        return errorResponse('INVALID_ARGUMENT', 'returnUrl must be a path of this site.');
      }
      db.sentSignInLinks.push(data);
      return jsonResponse<ResponseBody<'/functions/sendEmailSignInLink', 'post'>>({
        result: { sent: true },
      });
    }),

    mockOperation(options, 'POST /functions/getCustomAuthToken', async ({ request }) => {
      const data =
        await readCallableData<PostBody<'/functions/getCustomAuthToken'>['data']>(request);
      if (!data?.stepUpToken)
        return errorResponse('INVALID_ARGUMENT', 'data.stepUpToken is required.');
      if (data.stepUpToken !== validStepUpToken) {
        return errorResponse(
          'UNAUTHENTICATED',
          'This sign-in link has expired. Request a new one.',
        );
      }
      return jsonResponse<ResponseBody<'/functions/getCustomAuthToken', 'post'>>({
        result: { customToken: customTokenSam },
      });
    }),
  ];
}

export const signInHandlers = createSignInHandlers();
