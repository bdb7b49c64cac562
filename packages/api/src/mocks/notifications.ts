// The tutor's notification settings (issue 35) over `db.notificationSettings`: the channel, a
// phone verified by a texted code (always `mockPhoneVerificationCode`, '123456', in the mocks),
// quiet hours and time zone; and the e-mails' one-click unsubscribe, which needs no sign-in.

import {
  errorResponse,
  jsonResponse,
  type MockOptions,
  mockOperation,
  type PostBody,
  type PutBody,
  type ResponseBody,
  readJsonBody,
} from './contract';
import { createMockDb, mockNow } from './db';
import { mockPhoneVerificationCode } from './fixtures';
import type { MockDb } from './types';

/** A phone number as the contract takes it: E.164. */
const E164 = /^\+[1-9][0-9]{6,14}$/;
/** A time of day, 'HH:MM' on a 24-hour clock. */
const TIME_OF_DAY = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;
/** An unsubscribe token as the contract takes it. */
const UNSUBSCRIBE_TOKEN = /^[A-Za-z0-9_.-]{20,500}$/;

/** How long a texted code works, and how many a tutor may ask for in an hour. */
const CODE_LIFETIME_MS = 10 * 60 * 1000;
const CODES_PER_HOUR = 5;
const WRONG_CODES_ALLOWED = 5;

/** Whether this runtime knows the IANA time zone (as the server checks it). */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** Why an update cannot be taken (400), or null when it can. */
function invalidUpdate(body: PutBody<'/tutor/notification-settings'> | null): string | null {
  if (!body || !['email', 'text', 'none'].includes(body.channel)) {
    return 'channel must be email, text or none.';
  }
  const { quietHours, timeZone } = body;
  if (quietHours !== null) {
    if (!TIME_OF_DAY.test(quietHours?.start ?? '') || !TIME_OF_DAY.test(quietHours?.end ?? '')) {
      return 'Quiet hours need a start and an end time, such as 21:00 and 08:00.';
    }
    if (quietHours.start === quietHours.end) {
      return 'Quiet hours must start and end at different times.';
    }
  }
  if (typeof timeZone !== 'string' || !timeZone || !isKnownTimeZone(timeZone)) {
    return `"${String(timeZone)}" is not a time zone we know. Choose one from the list.`;
  }
  return null;
}

function settingsAnswer(db: MockDb) {
  return jsonResponse<ResponseBody<'/tutor/notification-settings', 'get'>>(
    structuredClone(db.notificationSettings),
  );
}

const noAccount = () => errorResponse('NOT_FOUND', 'We cannot find your account in our system.');

/** GET and PUT /tutor/notification-settings. */
function settingsHandlers(options: MockOptions, db: MockDb) {
  return [
    mockOperation(options, 'GET /tutor/notification-settings', () =>
      db.tutor ? settingsAnswer(db) : noAccount(),
    ),
    mockOperation(options, 'PUT /tutor/notification-settings', async ({ request }) => {
      if (!db.tutor) return noAccount();
      const body = await readJsonBody<PutBody<'/tutor/notification-settings'>>(request);
      const invalid = invalidUpdate(body);
      if (invalid || !body)
        return errorResponse('INVALID_ARGUMENT', invalid ?? 'A body is needed.');
      if (body.channel === 'text' && !db.notificationSettings.phone?.verified) {
        return errorResponse(
          'ABORTED',
          'Verify your phone number before choosing text notifications.',
        );
      }
      Object.assign(db.notificationSettings, {
        channel: body.channel,
        quietHours: body.quietHours && { start: body.quietHours.start, end: body.quietHours.end },
        timeZone: body.timeZone,
      });
      return settingsAnswer(db);
    }),
  ];
}

/**
 * POST /tutor/notification-settings/phone: texts a code (at most 5 an hour). A new number waits,
 * unverified, until its code comes back; the same number as the verified one stays verified.
 */
function startVerificationHandler(options: MockOptions, db: MockDb) {
  return mockOperation(options, 'POST /tutor/notification-settings/phone', async ({ request }) => {
    if (!db.tutor) return noAccount();
    const body = await readJsonBody<PostBody<'/tutor/notification-settings/phone'>>(request);
    const number = typeof body?.phone === 'string' ? body.phone : '';
    if (!E164.test(number)) {
      return errorResponse(
        'INVALID_ARGUMENT',
        'Enter a mobile number with its country code, such as +1 510 555 0123.',
      );
    }
    if (db.phoneCodesSent >= CODES_PER_HOUR) {
      return errorResponse(
        'RESOURCE_EXHAUSTED',
        'You have asked for 5 codes in the last hour. Please wait an hour, then send a new code.',
      );
    }
    db.phoneCodesSent += 1;
    db.phoneVerification = {
      number,
      code: mockPhoneVerificationCode,
      expiresAt: new Date(Date.parse(mockNow(db)) + CODE_LIFETIME_MS).toISOString(),
      wrongCodesLeft: WRONG_CODES_ALLOWED,
    };
    const { phone } = db.notificationSettings;
    if (!(phone?.verified && phone.number === number)) {
      db.notificationSettings.phone = { number, verified: false };
    }
    return jsonResponse<ResponseBody<'/tutor/notification-settings/phone', 'post', 202>>(
      structuredClone(db.notificationSettings),
      202,
    );
  });
}

/** Why a code does not verify the phone (400), or null when it does. */
function wrongCode(db: MockDb, code: unknown): string | null {
  if (typeof code !== 'string' || !/^[0-9]{6}$/.test(code)) {
    return 'Enter the six-digit code from the text.';
  }
  const pending = db.phoneVerification;
  if (!pending) return 'No code is waiting for this phone. Send a new code.';
  if (Date.parse(mockNow(db)) > Date.parse(pending.expiresAt)) {
    db.phoneVerification = null;
    return 'This code has expired. Send a new code.';
  }
  if (code === pending.code) return null;
  pending.wrongCodesLeft -= 1;
  if (pending.wrongCodesLeft <= 0) {
    db.phoneVerification = null;
    return 'That code is not right, and after 5 tries it no longer works. Send a new code.';
  }
  return 'That code is not right. Check the text and try again.';
}

/** POST /tutor/notification-settings/phone/verify: the code of the latest text, within 10 minutes. */
function verifyHandler(options: MockOptions, db: MockDb) {
  return mockOperation(
    options,
    'POST /tutor/notification-settings/phone/verify',
    async ({ request }) => {
      if (!db.tutor) return noAccount();
      const body =
        await readJsonBody<PostBody<'/tutor/notification-settings/phone/verify'>>(request);
      const wrong = wrongCode(db, body?.code);
      if (wrong) return errorResponse('INVALID_ARGUMENT', wrong);
      const number = db.phoneVerification?.number ?? '';
      db.phoneVerification = null;
      db.notificationSettings.phone = { number, verified: true };
      return settingsAnswer(db);
    },
  );
}

/** A small page of the unsubscribe link, as the server answers it (no script, no tracking). */
function unsubscribePage(title: string, body: string) {
  const html =
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head>` +
    `<body><main><h1>${title}</h1>${body}</main></body></html>`;
  return new Response(html, { headers: { 'content-type': 'text/html' } });
}

/** The token of an unsubscribe link, when it is well formed (in the mocks, any names the tutor). */
function unsubscribeToken(request: Request): string | null {
  const token = new URL(request.url).searchParams.get('token');
  return token && UNSUBSCRIBE_TOKEN.test(token) ? token : null;
}

/**
 * GET /notifications/unsubscribe (a page that asks to confirm and changes nothing) and POST (the
 * one click of RFC 8058: e-mail notifications off, channel 'none'; a tutor notified by text keeps
 * it). No sign-in; 400 for a malformed token.
 */
function unsubscribeHandlers(options: MockOptions, db: MockDb) {
  const badLink = () => errorResponse('INVALID_ARGUMENT', 'This unsubscribe link is not valid.');
  return [
    mockOperation(options, 'GET /notifications/unsubscribe', ({ request }) => {
      const token = unsubscribeToken(request);
      if (!token) return badLink();
      return unsubscribePage(
        'Stop e-mail notifications?',
        `<form method="post" action="?token=${token}"><button>Unsubscribe</button></form>`,
      );
    }),
    mockOperation(options, 'POST /notifications/unsubscribe', ({ request }) => {
      if (!unsubscribeToken(request)) return badLink();
      if (db.notificationSettings.channel === 'email') db.notificationSettings.channel = 'none';
      return unsubscribePage(
        'You are unsubscribed',
        '<p>You will get no more notification e-mails. Change this any time in the portal.</p>',
      );
    }),
  ];
}

/** Every operation of the tutor's notifications over one db. */
export function createNotificationsHandlers(options: MockOptions = {}) {
  const db = options.db ?? createMockDb();
  return [
    ...settingsHandlers(options, db),
    startVerificationHandler(options, db),
    verifyHandler(options, db),
    ...unsubscribeHandlers(options, db),
  ];
}
