import { http } from 'msw';
import {
  type ErrorBody,
  errorResponse,
  jsonResponse,
  type MockOptions,
  mockUrl,
  type PostBody,
  type ResponseBody,
  readCallableData,
} from './contract';
import { customTokenSam, validStepUpToken } from './fixtures';

/** What the sign-in mocks recorded, for stories and tests that check a link was "sent". */
export interface SignInMockLog {
  readonly sentLinks: PostBody<'/functions/sendEmailSignInLink'>['data'][];
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The public sign-in callables: sendEmailSignInLink (records the request and answers sent: true
 * for any well-formed e-mail, like the server) and getCustomAuthToken (accepts validStepUpToken).
 */
export function createSignInHandlers(options: MockOptions = {}, log?: SignInMockLog) {
  return [
    http.post<never, never, ResponseBody<'/functions/sendEmailSignInLink', 'post'> | ErrorBody>(
      mockUrl(options, '/functions/sendEmailSignInLink'),
      async ({ request }) => {
        const data =
          await readCallableData<PostBody<'/functions/sendEmailSignInLink'>['data']>(request);
        if (!data?.email || !EMAIL.test(data.email)) {
          return errorResponse('INVALID_ARGUMENT', 'A valid email is required.');
        }
        if (data.returnUrl !== undefined && !/^\/(?![/\\])/.test(data.returnUrl)) {
          return errorResponse('INVALID_ARGUMENT', 'returnUrl must be a path of this site.');
        }
        log?.sentLinks.push(data);
        return jsonResponse<ResponseBody<'/functions/sendEmailSignInLink', 'post'>>({
          result: { sent: true },
        });
      },
    ),

    http.post<never, never, ResponseBody<'/functions/getCustomAuthToken', 'post'> | ErrorBody>(
      mockUrl(options, '/functions/getCustomAuthToken'),
      async ({ request }) => {
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
      },
    ),
  ];
}

export const signInHandlers = createSignInHandlers();
