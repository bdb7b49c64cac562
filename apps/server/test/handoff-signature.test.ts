// Issue 36 item 4: the scheduling service's hand-off (§2 new-onboarding-user,
// createNewOnboardingUser). Signed with HANDOFF_SECRET, it keeps the spec's answers (an instant
// sign-in link, 'dup-email'); unsigned, badly signed or expired where unsigned hand-offs are not
// allowed (production's default), it e-mails a magic link and answers alike for every address.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Config, loadConfig } from '../src/config.ts';
import { applicants, devOutbox } from '../src/db/schema.ts';
import type { RouteContext } from '../src/http/route-context.ts';
import { warnOfUnsignedHandoffs } from '../src/modules/onboarding/handoff.ts';
import {
  parameterSigningString,
  signParameters,
  verifyParameterSignature,
} from '../src/modules/webhooks/signature.ts';
import { DEMO_TUTOR_EMAILS, seedDemoData } from '../src/seed/demo.ts';
import { DEMO_APPLICANT_EMAILS } from '../src/seed/demo-activity.ts';
import { PRODUCTION_ENV, startTestApp, type TestApp } from './support/app.ts';
import { caller, expectContract } from './support/calls.ts';

const NOW = new Date('2026-03-15T12:00:00Z');
const SECRET = 'handoff-test-secret';
const IN_AN_HOUR = String(NOW.getTime() / 1000 + 3600);

/** Servers on their own databases, each with the demo data. */
async function server(handoff: Config['handoff']): Promise<TestApp> {
  return startTestApp({
    now: () => NOW,
    config: {
      publicUrl: 'https://portal.example.org',
      signInLinkLimits: { perEmail: 20, perIp: 200 },
      handoff,
    },
    fixtures: (db) => seedDemoData(db, { now: NOW }),
  });
}

let development: TestApp;
let production: TestApp;
let productionUnsignedAllowed: TestApp;
beforeAll(async () => {
  // Development and test: no secret, unsigned hand-offs allowed (config.ts's default there).
  development = await server({ secret: undefined, allowUnsigned: true });
  // Production's default: a secret, unsigned hand-offs not allowed.
  production = await server({ secret: SECRET, allowUnsigned: false });
  // An organisation whose scheduling service cannot sign: HANDOFF_ALLOW_UNSIGNED=true.
  productionUnsignedAllowed = await server({ secret: undefined, allowUnsigned: true });
});
afterAll(async () => {
  await Promise.all([development, production, productionUnsignedAllowed].map((s) => s?.close()));
});

function applicantData(email: string) {
  return { email, First_Name: 'Ada', Last_Name: 'Park', phonenum: '(510) 555-0100' };
}

function signed(data: Record<string, string>, expires = IN_AN_HOUR, secret = SECRET) {
  const parameters = { ...data, expires };
  return { ...parameters, signature: signParameters(secret, parameters) };
}

async function handOff(app: TestApp, data: Record<string, string>) {
  const response = await caller(() => app.app).call('createNewOnboardingUser', data);
  expect(response.statusCode, response.body).toBe(200);
  expectContract('createNewOnboardingUser', response);
  return response.json().result as Record<string, string>;
}

async function mailsTo(app: TestApp, email: string) {
  await app.app.backgroundTasks.settle();
  return app.db.select().from(devOutbox).where(eq(devOutbox.to, email));
}

async function applicantCount(app: TestApp, email: string) {
  return (await app.db.select().from(applicants).where(eq(applicants.email, email))).length;
}

describe('the signing of a hand-off', () => {
  it('signs sorted, URL-encoded name=value pairs: the worked example of the README', () => {
    const parameters = {
      email: 'ada.park@example.com',
      First_Name: 'Ada',
      Last_Name: 'Park',
      phonenum: '(510) 555-0100',
      expires: '1774000000',
    };
    expect(parameterSigningString(parameters)).toBe(
      'First_Name=Ada&Last_Name=Park&email=ada.park%40example.com&expires=1774000000&phonenum=(510)%20555-0100',
    );
    expect(signParameters('handoff-secret-example', parameters)).toBe(
      '8b655db180f1921871f132b5ca00c650f0272227488b972adff2cb5f7442a4d6',
    );
  });

  it('is unambiguous: a separator moved between two values changes what is signed', () => {
    expect(parameterSigningString({ First_Name: 'Ada&Last_Name=X', Last_Name: 'Park' })).not.toBe(
      parameterSigningString({ First_Name: 'Ada', Last_Name: 'X&Last_Name=Park' }),
    );
    const parameters = { email: 'a@example.com', expires: IN_AN_HOUR };
    const signature = signParameters(SECRET, parameters);
    expect(verifyParameterSignature(SECRET, parameters, signature, NOW)).toBe('ok');
    expect(
      verifyParameterSignature(SECRET, { ...parameters, email: 'b@example.com' }, signature, NOW),
    ).toBe('invalid');
    expect(verifyParameterSignature(SECRET, parameters, undefined, NOW)).toBe('missing');
    const later = new Date(NOW.getTime() + 2 * 3600_000);
    expect(verifyParameterSignature(SECRET, parameters, signature, later)).toBe('expired');
  });
});

describe('createNewOnboardingUser, signed by the scheduling service', () => {
  it('signs a new applicant in at once, as the spec says', async () => {
    const result = await handOff(production, signed(applicantData('signed.new@example.com')));
    expect(result.instantSignInLink).toMatch(
      /^\/auth\?email=signed\.new%40example\.com&stepupToken=/,
    );
    expect(await applicantCount(production, 'signed.new@example.com')).toBe(1);
    expect(await mailsTo(production, 'signed.new@example.com')).toHaveLength(0);
  });

  it("still answers 'dup-email' for a known applicant or tutor", async () => {
    for (const email of [DEMO_APPLICANT_EMAILS.sam, DEMO_TUTOR_EMAILS.maya]) {
      const result = await handOff(production, signed(applicantData(email)));
      expect(result.type).toBe('dup-email');
    }
  });
});

describe('createNewOnboardingUser in production, not signed as it must be', () => {
  const untrusted = {
    unsigned: (data: Record<string, string>) => data,
    'badly signed': (data: Record<string, string>) => signed(data, IN_AN_HOUR, 'another-secret'),
    expired: (data: Record<string, string>) => signed(data, String(NOW.getTime() / 1000 - 1)),
    'signed over other values': (data: Record<string, string>) => ({
      ...signed(data),
      First_Name: 'Eve',
    }),
  };
  for (const [kind, sign] of Object.entries(untrusted)) {
    it(`${kind}: e-mails a magic link and answers alike for a new, an applicant's and a tutor's address`, async () => {
      const fresh = `${kind.replaceAll(' ', '.')}@example.com`;
      const answers = [];
      for (const email of [fresh, DEMO_APPLICANT_EMAILS.alex, DEMO_TUTOR_EMAILS.maya]) {
        const before = (await mailsTo(production, email)).length;
        const result = await handOff(production, sign(applicantData(email)));
        answers.push(result);
        expect(result).toEqual({
          instantSignInLink: `/auth?${new URLSearchParams({ email, linkSent: '1' }).toString()}`,
        });
        const mails = await mailsTo(production, email);
        // Applicants, new or not, get a magic link; a tutor's address gets nothing.
        expect(mails.length).toBe(email === DEMO_TUTOR_EMAILS.maya ? before : before + 1);
        if (email !== DEMO_TUTOR_EMAILS.maya) {
          expect(mails.at(-1)?.text).toMatch(
            /https:\/\/portal\.example\.org\/auth\?email=.*stepupToken=/,
          );
        }
      }
      // No 'dup-email', no step-up token in any answer.
      expect(JSON.stringify(answers)).not.toMatch(/dup-email|stepupToken/);
      expect(await applicantCount(production, fresh)).toBe(1);
    });
  }

  it('still refuses an improper submission, whatever the address', async () => {
    const result = await handOff(production, {
      ...applicantData('blank@example.com'),
      Last_Name: ' ',
    });
    expect(result.type).toBe('invalid-submission');
  });
});

describe('createNewOnboardingUser unsigned where it is allowed', () => {
  it('production with HANDOFF_ALLOW_UNSIGNED=true keeps the spec’s answers', async () => {
    const result = await handOff(
      productionUnsignedAllowed,
      applicantData('allowed.new@example.com'),
    );
    expect(result.instantSignInLink).toMatch(/stepupToken=/);
    const taken = await handOff(
      productionUnsignedAllowed,
      applicantData(DEMO_APPLICANT_EMAILS.sam),
    );
    expect(taken.type).toBe('dup-email');
  });

  it('development keeps the spec’s answers', async () => {
    const result = await handOff(development, applicantData('dev.new@example.com'));
    expect(result.instantSignInLink).toMatch(/stepupToken=/);
    const taken = await handOff(development, applicantData(DEMO_TUTOR_EMAILS.maya));
    expect(taken.type).toBe('dup-email');
  });
});

describe('the hand-off settings', () => {
  it('production allows unsigned hand-offs only when told to; development and test do', () => {
    expect(loadConfig({ ...PRODUCTION_ENV }).handoff.allowUnsigned).toBe(false);
    expect(loadConfig({ ...PRODUCTION_ENV, NODE_ENV: 'staging' }).handoff.allowUnsigned).toBe(
      false,
    );
    expect(
      loadConfig({ ...PRODUCTION_ENV, HANDOFF_ALLOW_UNSIGNED: 'true', HANDOFF_SECRET: 's' })
        .handoff,
    ).toEqual({ secret: 's', allowUnsigned: true });
    expect(loadConfig({ NODE_ENV: 'test' }).handoff.allowUnsigned).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }).handoff.allowUnsigned).toBe(true);
  });

  it('the start-up log names allowing unsigned hand-offs in production as a risk, in one line', () => {
    const warn = vi.fn();
    const log = { warn } as unknown as Parameters<typeof warnOfUnsignedHandoffs>[1];
    const context = (nodeEnv: string, allowUnsigned: boolean) =>
      ({
        config: { nodeEnv, handoff: { secret: undefined, allowUnsigned } },
      }) as unknown as RouteContext;
    warnOfUnsignedHandoffs(context('production', false), log);
    warnOfUnsignedHandoffs(context('test', true), log);
    expect(warn).not.toHaveBeenCalled();
    warnOfUnsignedHandoffs(context('production', true), log);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toMatch(
      /^Security risk: HANDOFF_ALLOW_UNSIGNED=true, so anyone can /,
    );
  });
});
