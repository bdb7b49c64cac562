// Issue 37, item 7: providers checked at start. Under the production rules a placeholder SMTP_URL
// or Twilio credentials not in Twilio's form refuse the start, one line each (they can never
// work). A mail server that cannot be reached at start leaves the server starting, degraded:
// GET /api/readyz stays 200 and reports it, and a sign-in link answers 503 instead of
// `sent: true`, until the mail server is reached again. Production without SMTP_URL (as the
// production layer runs) reports mail 'unconfigured' and answers 503 the same way.
import { type AddressInfo, createServer, type Server } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { ConfigError, loadConfig } from '../src/config.ts';
import { createSmtpMail } from '../src/providers/mail.ts';
import { createTwilioSms } from '../src/providers/sms.ts';
import { seedDemoData } from '../src/seed/demo.ts';
import { DEMO_APPLICANT_EMAILS } from '../src/seed/demo-activity.ts';
import { PRODUCTION_ENV } from './support/app.ts';
import { openTestDatabase, type TestDatabase } from './support/database.ts';

const TWILIO_SID = `AC${'0123456789abcdef'.repeat(2)}`;
const TWILIO_TOKEN = 'fedcba9876543210'.repeat(2);

/** The configuration problems of an environment, one per line ('' when it loads). */
function problemsOf(env: Record<string, string | undefined>): string[] {
  try {
    loadConfig(env);
    return [];
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return error.message.split('\n').filter((line) => line.startsWith('  - '));
  }
}

describe('provider settings under the production rules', () => {
  it.each([
    ['the example host', 'smtp://portal:s3cret-Pa55@smtp.example.org:587', 'smtp.example.org'],
    ['an example subdomain', 'smtps://portal:s3cret-Pa55@mail.example.com', 'mail.example.com'],
    ['a .invalid host', 'smtp://relay.invalid', 'relay.invalid'],
    ['a template host', 'smtps://portal:s3cret-Pa55@your-smtp-host:465', 'your-smtp-host'],
    ['a template password', 'smtps://portal:changeme@mail.tutoring.org:465', 'mail.tutoring.org'],
  ])('a placeholder SMTP_URL (%s) refuses the start in one line', (_, url, host) => {
    const problems = problemsOf({ ...PRODUCTION_ENV, SMTP_URL: url });
    expect(problems).toEqual([
      `  - SMTP_URL is a placeholder (host '${host}'): set the organisation's mail server, or leave SMTP_URL unset to run without e-mail (sign-in links then answer 503)`,
    ]);
    expect(problems.join('\n')).not.toContain('s3cret');
  });

  it('an SMTP_URL that is not smtp:// or smtps:// refuses the start, without echoing it', () => {
    expect(
      problemsOf({ ...PRODUCTION_ENV, SMTP_URL: 'https://u:s3cret@mail.tutoring.org' }),
    ).toEqual([
      '  - SMTP_URL must be an smtp:// or smtps:// URL of the mail server (e.g. smtps://user:pass@host:465), got https://...',
    ]);
    expect(problemsOf({ ...PRODUCTION_ENV, SMTP_URL: 'mail server s3cret' })).toEqual([
      '  - SMTP_URL must be an smtp:// or smtps:// URL of the mail server (e.g. smtps://user:pass@host:465); the value set is not a URL',
    ]);
  });

  it("Twilio credentials not in Twilio's form refuse the start, one line each", () => {
    const problems = problemsOf({
      ...PRODUCTION_ENV,
      TWILIO_ACCOUNT_SID: 'ACproduction',
      TWILIO_AUTH_TOKEN: 'twilio-token-s3cret',
    });
    expect(problems).toEqual([
      "  - TWILIO_ACCOUNT_SID must be a Twilio Account SID (AC and 32 hexadecimal digits, the console's Account Info), got 'ACproduction'",
      "  - TWILIO_AUTH_TOKEN must be a Twilio Auth Token (32 hexadecimal digits, the console's Account Info); the value set is 19 characters, not in that form",
    ]);
    expect(problems.join('\n')).not.toContain('s3cret');
  });

  it('well-formed settings start; outside production the placeholders are accepted', () => {
    const real = {
      SMTP_URL: 'smtps://portal:s3cret-Pa55@smtp.tutoring.org:465',
      TWILIO_ACCOUNT_SID: TWILIO_SID,
      TWILIO_AUTH_TOKEN: TWILIO_TOKEN,
    };
    expect(problemsOf({ ...PRODUCTION_ENV, ...real })).toEqual([]);
    expect(
      problemsOf({
        NODE_ENV: 'test',
        SMTP_URL: 'smtp://user:pass@smtp.example.org',
        TWILIO_ACCOUNT_SID: 'ACtest',
        TWILIO_AUTH_TOKEN: 'test-token',
      }),
    ).toEqual([]);
  });
});

/** A port nothing listens on (the OS's pick, closed again). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A mail server that says yes to everything, on `port` (0: any); counts the messages. */
async function startSmtpServer(port = 0) {
  let messages = 0;
  const server: Server = createServer((socket) => {
    let buffered = '';
    let inData = false;
    socket.setEncoding('utf8');
    socket.on('error', () => undefined);
    socket.write('220 test ESMTP\r\n');
    socket.on('data', (chunk: string) => {
      buffered += chunk;
      for (let end = buffered.indexOf('\r\n'); end !== -1; end = buffered.indexOf('\r\n')) {
        const line = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            messages += 1;
            socket.write('250 queued\r\n');
          }
        } else if (/^DATA/i.test(line)) {
          inData = true;
          socket.write('354 go on\r\n');
        } else if (/^QUIT/i.test(line)) {
          socket.end('221 bye\r\n');
        } else {
          socket.write('250 ok\r\n');
        }
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    messages: () => messages,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

const noIdentity = {
  verifyIdToken: () => Promise.reject(new Error('no tokens in this test')),
  mintApplicantToken: () => Promise.reject(new Error('no tokens in this test')),
  close: async () => undefined,
};

describe('a production server checks its providers at start', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
    await seedDemoData(database.handle.db, { now: new Date() });
  });
  afterAll(() => database?.dispose());

  async function productionApp(env: Record<string, string>): Promise<FastifyInstance> {
    const config = loadConfig({ ...PRODUCTION_ENV, LOG_LEVEL: 'silent', PORT: '0', ...env });
    return buildApp(config, { database: database.handle, identity: noIdentity });
  }
  const readiness = async (app: FastifyInstance) =>
    (await app.inject({ method: 'GET', url: '/api/readyz' })).json();
  const signInLink = (app: FastifyInstance, email: string) =>
    app.inject({
      method: 'POST',
      url: '/api/functions/sendEmailSignInLink',
      payload: { data: { email } },
    });

  it('a mail server it cannot reach: ready, mail degraded, sign-in links 503 for every address', async () => {
    const app = await productionApp({
      SMTP_URL: `smtp://127.0.0.1:${await closedPort()}`,
      TWILIO_ACCOUNT_SID: TWILIO_SID,
      TWILIO_AUTH_TOKEN: TWILIO_TOKEN,
    });
    try {
      const ready = await app.inject({ method: 'GET', url: '/api/readyz' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toMatchObject({
        status: 'ready',
        providers: { mail: 'degraded', sms: 'ok' },
      });
      for (const email of [DEMO_APPLICANT_EMAILS.sam, 'nobody@example.com']) {
        const response = await signInLink(app, email);
        expect(response.statusCode, response.body).toBe(503);
        expect(response.json().error).toMatchObject({
          status: 'UNAVAILABLE',
          message: 'Sign-in links cannot be e-mailed right now. Please try again later.',
        });
      }
    } finally {
      await app.close();
    }
  });

  it('a mail server it reaches: mail ok, and a sign-in link is sent', async () => {
    const smtp = await startSmtpServer();
    const app = await productionApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}?ignoreTLS=true` });
    try {
      expect(await readiness(app)).toMatchObject({
        status: 'ready',
        providers: { mail: 'ok', sms: 'unconfigured' },
      });
      const response = await signInLink(app, DEMO_APPLICANT_EMAILS.sam);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ result: { sent: true } });
      await app.backgroundTasks.settle();
      expect(smtp.messages()).toBe(1);
    } finally {
      await app.close();
      await smtp.close();
    }
  });

  it('no SMTP_URL (the production layer): ready, mail unconfigured, sign-in links 503', async () => {
    const app = await productionApp({});
    try {
      expect(await readiness(app)).toMatchObject({
        status: 'ready',
        providers: { mail: 'unconfigured', sms: 'unconfigured' },
      });
      expect((await signInLink(app, DEMO_APPLICANT_EMAILS.sam)).statusCode).toBe(503);
    } finally {
      await app.close();
    }
  });
});

describe('a degraded provider recovers without a restart', () => {
  it('mail: checked again while it cannot be reached, ok once the server answers', async () => {
    const port = await closedPort();
    const mail = createSmtpMail(
      `smtp://127.0.0.1:${port}?ignoreTLS=true`,
      'x@tutoring.org',
      undefined,
      {
        recheckMs: 100,
      },
    );
    let smtp: Awaited<ReturnType<typeof startSmtpServer>> | undefined;
    try {
      expect(await mail.check?.()).toBe('degraded');
      expect(mail.status?.()).toBe('degraded');
      smtp = await startSmtpServer(port);
      await expect.poll(() => mail.status?.(), { timeout: 3000, interval: 50 }).toBe('ok');
      // A send that cannot reach the server makes it degraded again.
      await smtp.close();
      smtp = undefined;
      await expect(
        mail.send({ to: 'a@tutoring.org', subject: 's', text: 't', html: '<p>t</p>' }),
      ).rejects.toThrow(/ECONNECTION|ESOCKET|ETIMEDOUT/);
      expect(mail.status?.()).toBe('degraded');
    } finally {
      mail.close();
      await smtp?.close();
    }
  });

  it('SMS: degraded after a text could not reach Twilio, ok once one does', async () => {
    let reachable = false;
    const sms = createTwilioSms({
      accountSid: TWILIO_SID,
      authToken: TWILIO_TOKEN,
      fetch: async () => {
        if (!reachable) throw new TypeError('fetch failed');
        return new Response(JSON.stringify({ sid: 'SM1', status: 'queued' }), { status: 201 });
      },
    });
    const text = { from: '+15550100001', to: '+15550100002', body: 'Hello' };
    expect(sms.status?.()).toBe('ok');
    await expect(sms.send(text)).rejects.toThrow('Twilio could not be reached');
    expect(sms.status?.()).toBe('degraded');
    reachable = true;
    await sms.send(text);
    expect(sms.status?.()).toBe('ok');
  });
});
