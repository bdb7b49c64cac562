import { createCallables } from '@tutoring/api/callables';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/apiError';
import { describeOnboardingFailure, isPermanentFailure } from './onboardingErrors';

/** The product's callables, answered by one canned response. */
function callablesAnswering(status: number, body: unknown) {
  return createCallables({
    baseUrl: 'https://portal.example.org/api',
    fetch: async () =>
      new Response(JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json' },
      }),
  });
}

async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to reject');
}

describe('describeOnboardingFailure', () => {
  it("a callable's failure: its §8 code, the server's message and the request's reference", async () => {
    const callables = callablesAnswering(409, {
      error: {
        status: 'ABORTED',
        message: 'The training has started.',
        requestId: 'req-0a1b2c3d',
      },
    });
    const error = await rejectionOf(callables.addEventAttendee({ eventId: 'evt-1' }));
    expect(describeOnboardingFailure(error)).toEqual({
      code: 'aborted',
      message: 'The training has started.',
      reference: 'req-0a1b2c3d',
    });
    expect(isPermanentFailure(error)).toBe(false);
  });

  it("a REST failure: the status's §8 code, the message and the reference", () => {
    const error = new ApiError(404, 'NOT_FOUND', 'No applicant has this e-mail.', 'req-77');
    expect(describeOnboardingFailure(error)).toEqual({
      code: 'not-found',
      message: 'No applicant has this e-mail.',
      reference: 'req-77',
    });
    expect(isPermanentFailure(error)).toBe(true);
  });

  it('a failure outside both protocols has no code and no reference', () => {
    expect(describeOnboardingFailure(new TypeError('Failed to fetch'))).toEqual({
      code: undefined,
      message: 'Failed to fetch',
      reference: undefined,
    });
  });
});
