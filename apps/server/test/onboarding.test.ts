// The onboarding area end to end against the Auth emulator: magic links (single use, 1 hour,
// rate-limited in the database), the custom-token exchange and sign-in, the applicant's record,
// new applicants and training-event registration; and the separation of the two session kinds.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { applicants, devOutbox } from '../src/db/schema.ts';
import { DEMO_TUTOR_EMAILS, seedDemoData } from '../src/seed/demo.ts';
import { DEMO_APPLICANT_EMAILS } from '../src/seed/demo-activity.ts';
import { startTestApp, type TestApp, testConfig } from './support/app.ts';
import { caller, expectContract, expectError } from './support/calls.ts';
import {
  customTokenIdToken,
  decodeJwtPayload,
  googleIdToken,
  signInWithCustomToken,
} from './support/emulator.ts';

const START = new Date('2026-03-15T12:00:00Z');
let clock = START;
let server: TestApp;
const api = caller(() => server.app);
const tokens: Record<string, string> = {};

beforeAll(async () => {
  server = await startTestApp({
    now: () => clock,
    config: {
      publicUrl: 'https://portal.example.org',
      signInLinkLimits: { perEmail: 3, perIp: 6 },
    },
    fixtures: (db) => seedDemoData(db, { now: START }),
  });
  tokens.maya = await googleIdToken({ email: DEMO_TUTOR_EMAILS.maya });
});
afterAll(() => server?.close());

async function outboxFor(email: string) {
  await server.app.backgroundTasks.settle();
  return server.db.select().from(devOutbox).where(eq(devOutbox.to, email));
}

/** Requests a magic link from an IP of its own and answers the step-up token it e-mailed. */
async function magicLink(email: string, returnUrl?: string, ip = '10.0.0.1') {
  const before = (await outboxFor(email)).length;
  const response = await server.app.inject({
    method: 'POST',
    url: '/api/functions/sendEmailSignInLink',
    remoteAddress: ip,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ data: { email, ...(returnUrl ? { returnUrl } : {}) } }),
  });
  expect(response.statusCode, response.body).toBe(200);
  const mails = await outboxFor(email);
  expect(mails.length).toBe(before + 1);
  const link = new URL(mails.at(-1)?.text.match(/https:\/\/\S+/)?.[0] ?? '');
  return { link, token: link.searchParams.get('stepupToken') ?? '' };
}

async function signInAs(email: string): Promise<string> {
  const { token } = await magicLink(email, undefined, `10.1.${Math.floor(Math.random() * 250)}.1`);
  const exchange = await api.call('getCustomAuthToken', { stepUpToken: token });
  expect(exchange.statusCode, exchange.body).toBe(200);
  return signInWithCustomToken(exchange.json().result.customToken);
}

describe('sendEmailSignInLink and getCustomAuthToken', () => {
  it('e-mails a single-use link that keeps returnUrl, and signs the applicant in', async () => {
    clock = START;
    const { link, token } = await magicLink(DEMO_APPLICANT_EMAILS.sam, '/onboarding/waiver');
    expect(link.origin + link.pathname).toBe('https://portal.example.org/auth');
    expect(link.searchParams.get('returnUrl')).toBe('/onboarding/waiver');
    expect(link.searchParams.get('email')).toBe(DEMO_APPLICANT_EMAILS.sam);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [mail] = (await outboxFor(DEMO_APPLICANT_EMAILS.sam)).slice(-1);
    expect(mail?.html).toContain(link.toString().replaceAll('&', '&amp;'));

    const exchange = await api.call('getCustomAuthToken', { stepUpToken: token });
    expect(exchange.statusCode).toBe(200);
    expectContract('getCustomAuthToken', exchange);
    const idToken = await signInWithCustomToken(exchange.json().result.customToken);
    const claims = decodeJwtPayload(idToken);
    expect(claims.applicant_email).toBe(DEMO_APPLICANT_EMAILS.sam);
    expect((claims.firebase as { sign_in_provider: string }).sign_in_provider).toBe('custom');

    const record = await api.call('getOnboardingTutor', null, idToken);
    expect(record.statusCode).toBe(200);
    expectContract('getOnboardingTutor', record);
    expect(record.json().result).toMatchObject({
      firstName: 'Sam',
      lastName: 'Rivera',
      email: DEMO_APPLICANT_EMAILS.sam,
      status: 'Application Accepted',
      waiver: false,
    });

    const reused = await api.call('getCustomAuthToken', { stepUpToken: token });
    const error = expectError(reused, 401, 'UNAUTHENTICATED', /already been used/);
    expect(error.details).toEqual({ reason: 'used' });
  });

  it('a token expires after 1 hour; an unknown token is refused', async () => {
    clock = START;
    const { token } = await magicLink(DEMO_APPLICANT_EMAILS.alex, undefined, '10.0.0.2');
    clock = new Date(START.getTime() + 60 * 60 * 1000 + 1000);
    try {
      const error = expectError(
        await api.call('getCustomAuthToken', { stepUpToken: token }),
        401,
        'UNAUTHENTICATED',
        /has expired/,
      );
      expect(error.details).toEqual({ reason: 'expired' });
    } finally {
      clock = START;
    }
    const { token: fresh } = await magicLink(DEMO_APPLICANT_EMAILS.alex, undefined, '10.0.0.2');
    clock = new Date(START.getTime() + 59 * 60 * 1000);
    try {
      expect((await api.call('getCustomAuthToken', { stepUpToken: fresh })).statusCode).toBe(200);
    } finally {
      clock = START;
    }
    const unknown = expectError(
      await api.call('getCustomAuthToken', { stepUpToken: 'x'.repeat(43) }),
      401,
      'UNAUTHENTICATED',
      /not valid/,
    );
    expect(unknown.details).toEqual({ reason: 'unknown' });
    expectError(
      await api.call('getCustomAuthToken', { stepUpToken: 'short' }),
      400,
      'INVALID_ARGUMENT',
      /body\/data\/stepUpToken/,
    );
  });

  it('answers the same for an unknown e-mail, and sends nothing', async () => {
    clock = START;
    const response = await api.call('sendEmailSignInLink', { email: 'nobody@example.com' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ result: { sent: true } });
    expect(await outboxFor('nobody@example.com')).toEqual([]);
    expectError(
      await api.call('sendEmailSignInLink', {
        email: 'sam@example.com',
        returnUrl: '//evil.example',
      }),
      400,
      'INVALID_ARGUMENT',
      /body\/data\/returnUrl/,
    );
  });

  it('is limited per e-mail and per IP with 429, counted in the database across instances', async () => {
    clock = new Date(START.getTime() + 5 * 60 * 60 * 1000); // a fresh window
    // A second instance on the same database: the counters are shared, not per process.
    const second = await buildApp(testConfig({ signInLinkLimits: { perEmail: 3, perIp: 6 } }), {
      database: server.database.handle,
      now: () => clock,
    });
    try {
      const send = (app: typeof second, email: string, ip: string) =>
        app.inject({
          method: 'POST',
          url: '/api/functions/sendEmailSignInLink',
          remoteAddress: ip,
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify({ data: { email } }),
        });
      const email = 'limit.me@example.com';
      expect((await send(server.app, email, '10.9.0.1')).statusCode).toBe(200);
      expect((await send(second, email, '10.9.0.2')).statusCode).toBe(200);
      expect((await send(server.app, email, '10.9.0.3')).statusCode).toBe(200);
      const limited = expectError(
        await send(second, email, '10.9.0.4'),
        429,
        'RESOURCE_EXHAUSTED',
        /Too many requests/,
      );
      expect(limited.details?.retryAfterSeconds).toBeGreaterThan(0);

      // Per IP: six different addresses from one IP, then the seventh is refused.
      for (let i = 0; i < 6; i += 1) {
        const app = i % 2 === 0 ? server.app : second;
        expect((await send(app, `ip${i}@example.com`, '10.9.9.9')).statusCode).toBe(200);
      }
      expectError(await send(server.app, 'ip7@example.com', '10.9.9.9'), 429, 'RESOURCE_EXHAUSTED');

      // The next window allows requests again.
      clock = new Date(clock.getTime() + 60 * 60 * 1000);
      expect((await send(second, email, '10.9.0.5')).statusCode).toBe(200);
    } finally {
      await second.close();
      clock = START;
    }
  });
});

describe('the applicant record', () => {
  it('POST /onboarding-tutor answers the caller’s own record only', async () => {
    clock = START;
    const sam = await signInAs(DEMO_APPLICANT_EMAILS.sam);
    const own = await api.post('/onboarding-tutor', { email: 'Sam.Rivera@example.com' }, sam);
    expect(own.statusCode).toBe(200);
    expectContract('lookupOnboardingTutor', own);
    expect(own.json()).toMatchObject({
      firstName: 'Sam',
      tutorId: 'APP-30117',
      correspondents: [],
    });
    expectError(
      await api.post('/onboarding-tutor', { email: DEMO_APPLICANT_EMAILS.alex }, sam),
      403,
      'PERMISSION_DENIED',
    );
    expectError(
      await api.post('/onboarding-tutor', { email: 'nope' }, sam),
      400,
      'INVALID_ARGUMENT',
    );
  });

  it('shows a matched applicant’s correspondents and a half-way applicant’s tasks', async () => {
    const jamie = await customTokenIdToken('applicant-jamie', {
      applicant_email: DEMO_APPLICANT_EMAILS.jamie,
    });
    const record = (await api.call('getOnboardingTutor', {}, jamie)).json().result;
    expect(record.status).toBe('Matched');
    expect(record.correspondents).toEqual([
      { 'Student ID': 'STU-21018', First_Name: 'Noah', grade: '7th' },
      { 'Student ID': 'STU-21094', First_Name: 'Zoe', grade: '5th' },
    ]);
    const alex = await customTokenIdToken('applicant-alex', {
      applicant_email: DEMO_APPLICANT_EMAILS.alex,
    });
    expect((await api.call('getOnboardingTutor', null, alex)).json().result).toMatchObject({
      waiver: true,
      workbookCompleted: true,
      typeOfTrainingCompleted: true,
      backgroundCheck: false,
    });
  });

  it('a magic session that names no applicant gets 404', async () => {
    const stranger = await customTokenIdToken('applicant-stranger');
    expectError(await api.call('getOnboardingTutor', null, stranger), 404, 'NOT_FOUND');
    expectError(
      await api.call('getOnboardingTutor', { anything: 1 }, stranger),
      400,
      'INVALID_ARGUMENT',
    );
  });

  it('Google (tutor) sessions cannot call onboarding paths: 403', async () => {
    expectError(
      await api.post('/onboarding-tutor', { email: DEMO_TUTOR_EMAILS.maya }, tokens.maya),
      403,
      'PERMISSION_DENIED',
      /applicants/,
    );
    expectError(await api.call('getOnboardingTutor', null, tokens.maya), 403, 'PERMISSION_DENIED');
    expectError(
      await api.call('addEventAttendee', { eventId: 'evt-live-training-next-week' }, tokens.maya),
      403,
      'PERMISSION_DENIED',
    );
    expectError(await api.call('getOnboardingTutor', null), 401, 'UNAUTHENTICATED');
  });
});

describe('createNewOnboardingUser', () => {
  const data = {
    email: 'ada.park@example.com',
    First_Name: 'Ada',
    Last_Name: 'Park',
    phonenum: '510-555-0100',
  };

  it('creates the applicant and answers an instant sign-in link that works once', async () => {
    clock = START;
    const response = await api.call('createNewOnboardingUser', data);
    expect(response.statusCode).toBe(200);
    expectContract('createNewOnboardingUser', response);
    const link = response.json().result.instantSignInLink as string;
    expect(link).toMatch(/^\/auth\?/);
    const query = new URL(link, 'https://portal.example.org').searchParams;
    expect(query.get('email')).toBe('ada.park@example.com');
    expect(query.get('returnUrl')).toBe('/onboarding');
    const exchange = await api.call('getCustomAuthToken', {
      stepUpToken: query.get('stepupToken'),
    });
    const idToken = await signInWithCustomToken(exchange.json().result.customToken);
    const record = (await api.call('getOnboardingTutor', null, idToken)).json().result;
    expect(record).toMatchObject({
      firstName: 'Ada',
      lastName: 'Park',
      phone: '510-555-0100',
      status: 'Application Accepted',
      interviewDate: null,
    });
    expect(record.tutorId).toMatch(/^APP-[A-Z2-7]{26}$/);
  });

  it("answers type 'dup-email' for an existing applicant or tutor, whatever the case", async () => {
    for (const email of [
      'ADA.PARK@example.com',
      DEMO_APPLICANT_EMAILS.sam,
      DEMO_TUTOR_EMAILS.maya,
    ]) {
      const response = await api.call('createNewOnboardingUser', { ...data, email });
      expect(response.statusCode).toBe(200);
      expect(response.json().result).toMatchObject({ type: 'dup-email' });
    }
  });

  it("answers type 'invalid-submission' for values that form no applicant", async () => {
    const blank = await api.call('createNewOnboardingUser', {
      ...data,
      email: 'blank@example.com',
      First_Name: '   ',
    });
    expect(blank.json().result).toMatchObject({ type: 'invalid-submission' });
    const phone = await api.call('createNewOnboardingUser', {
      ...data,
      email: 'phone@example.com',
      phonenum: '(((--)))....',
    });
    expect(phone.json().result).toMatchObject({ type: 'invalid-submission' });
    const rows = await server.db
      .select()
      .from(applicants)
      .where(eq(applicants.email, 'blank@example.com'));
    expect(rows).toEqual([]);
  });

  it("a body the contract rejects is 400 with details.type 'invalid-submission' (also bad JSON)", async () => {
    const missing = expectError(
      await api.call('createNewOnboardingUser', { email: 'x@example.com' }),
      400,
      'INVALID_ARGUMENT',
      /body\/data\/First_Name is required/,
    );
    expect(missing.details).toMatchObject({ type: 'invalid-submission' });
    const badJson = await server.app.inject({
      method: 'POST',
      url: '/api/functions/createNewOnboardingUser',
      headers: { 'content-type': 'application/json' },
      payload: '{"data": {',
    });
    expect(expectError(badJson, 400, 'INVALID_ARGUMENT').details).toMatchObject({
      type: 'invalid-submission',
    });
  });
});

describe('addEventAttendee', () => {
  it('registers once, e-mails the invitation, and answers alreadyRegistered after', async () => {
    clock = START;
    const sam = await signInAs(DEMO_APPLICANT_EMAILS.sam);
    const before = (await outboxFor(DEMO_APPLICANT_EMAILS.sam)).length;
    const first = await api.call(
      'addEventAttendee',
      { eventId: 'evt-live-training-next-week' },
      sam,
    );
    expect(first.statusCode).toBe(200);
    expectContract('addEventAttendee', first);
    expect(first.json().result).toEqual({
      eventId: 'evt-live-training-next-week',
      email: DEMO_APPLICANT_EMAILS.sam,
      alreadyRegistered: false,
    });
    const mails = await outboxFor(DEMO_APPLICANT_EMAILS.sam);
    expect(mails.length).toBe(before + 1);
    expect(mails.at(-1)?.subject).toBe("You're registered: Live Tutor Training");
    const again = await api.call(
      'addEventAttendee',
      { eventId: 'evt-live-training-next-week' },
      sam,
    );
    expect(again.json().result.alreadyRegistered).toBe(true);
    expect((await outboxFor(DEMO_APPLICANT_EMAILS.sam)).length).toBe(before + 1);

    expectError(
      await api.call('addEventAttendee', { eventId: 'evt-live-training-last-week' }, sam),
      409,
      'ABORTED',
    );
    expectError(
      await api.call('addEventAttendee', { eventId: 'evt-unknown' }, sam),
      404,
      'NOT_FOUND',
    );
    expectError(await api.call('addEventAttendee', { eventId: '' }, sam), 400, 'INVALID_ARGUMENT');
  });
});
