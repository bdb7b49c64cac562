// What fuzz.test.ts found once it reached the Twilio status callback and the development routes
// (issue 36, item 10), kept as plain cases: an attempt number past the column's range was a 500,
// and the development clock could be moved past the year 9999, where its time is no date-time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twilioSignature } from '../src/providers/sms.ts';
import { startTestApp, type TestApp } from './support/app.ts';
import { contract, expectError } from './support/calls.ts';

const TWILIO = {
  accountSid: 'ACfindings',
  authToken: 'findings-twilio-token',
  webhookUrl: 'https://portal.example.org/api/webhooks/twilio/sms',
  statusCallbackUrl: 'https://portal.example.org/api/webhooks/twilio/status',
};

let server: TestApp;
beforeAll(async () => {
  server = await startTestApp({ config: { twilio: TWILIO } });
});
afterAll(() => server?.close());

describe('the Twilio status callback', () => {
  it.each(['100000000000000000000', '2147483648', '-1', '1.5', ''])(
    'acknowledges and ignores a callback whose attempt is %j (204, not a 500)',
    async (attempt) => {
      const query = `?messageId=00000000-0000-4000-8000-000000000000&attempt=${attempt}`;
      const params = { MessageSid: 'SMfindings', MessageStatus: 'delivered' };
      const response = await server.app.inject({
        method: 'POST',
        url: `/api/webhooks/twilio/status${query}`,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-twilio-signature': twilioSignature(
            TWILIO.authToken,
            `${TWILIO.statusCallbackUrl}${query}`,
            Object.entries(params),
          ),
        },
        payload: new URLSearchParams(params).toString(),
      });
      expect(response.statusCode, response.body).toBe(204);
    },
  );
});

describe('the development clock', () => {
  const move = (body: unknown) =>
    server.app.inject({
      method: 'POST',
      url: '/api/dev/clock',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
  const validateClock = contract.schemaValidator('DevClock');

  it('stays within ten years of the real time, so its time is always a date-time', async () => {
    for (const body of [
      { to: '9999-12-31T23:59:59.995Z' },
      { to: '1970-01-01T00:00:00.000Z' },
      { advanceMs: 2 ** 53 },
    ]) {
      expectError(await move(body), 400, 'INVALID_ARGUMENT');
    }
    const now = await server.app.inject({ method: 'GET', url: '/api/dev/clock' });
    expect(now.json().offsetMs).toBe(0);
    // A year ahead, twice, is still allowed; the answer is the contract's DevClock.
    for (const body of [{ advanceMs: 366 * 86_400_000 }, { advanceMs: 366 * 86_400_000 }]) {
      const moved = await move(body);
      expect(moved.statusCode, moved.body).toBe(200);
      expect(validateClock(moved.json()), moved.body).toBe(true);
    }
    expect((await move({ reset: true })).json().offsetMs).toBe(0);
  });
});
