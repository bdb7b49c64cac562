// The SMS provider over Twilio's REST API (with a stand-in fetch) and the Twilio signature
// algorithm against the example in Twilio's documentation; the SMTP mail provider against a
// minimal SMTP server.
import { type AddressInfo, createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { signWebhook, verifyWebhookSignature } from '../src/modules/webhooks/signature.ts';
import { createSmtpMail } from '../src/providers/mail.ts';
import {
  createTwilioSms,
  isValidTwilioSignature,
  SmsDeliveryError,
  twilioSignature,
} from '../src/providers/sms.ts';

describe('X-Twilio-Signature', () => {
  // Twilio's documented example: auth token 12345, this URL and these POST parameters.
  const url = 'https://mycompany.com/myapp.php?foo=1&bar=2';
  const params: Array<[string, string]> = [
    ['To', '+18005551212'],
    ['CallSid', 'CA1234567890ABCDE'],
    ['Digits', '1234'],
    ['Caller', '+14158675310'],
    ['From', '+14158675310'],
  ];

  it("matches Twilio's documented example, whatever the parameter order", () => {
    expect(twilioSignature('12345', url, params)).toBe('GvWf1cFY/Q7PnoempGyD5oXAezc=');
    expect(isValidTwilioSignature('12345', url, params, 'GvWf1cFY/Q7PnoempGyD5oXAezc=')).toBe(true);
  });

  it('refuses another token, URL, parameter value, or a missing signature', () => {
    const good = 'GvWf1cFY/Q7PnoempGyD5oXAezc=';
    expect(isValidTwilioSignature('54321', url, params, good)).toBe(false);
    expect(isValidTwilioSignature('12345', `${url}&x=1`, params, good)).toBe(false);
    const changed = params.map(([k, v]): [string, string] => [k, k === 'Digits' ? '9999' : v]);
    expect(isValidTwilioSignature('12345', url, changed, good)).toBe(false);
    expect(isValidTwilioSignature('12345', url, params, undefined)).toBe(false);
    expect(isValidTwilioSignature('12345', url, params, 'short')).toBe(false);
  });
});

describe('provider webhook signatures', () => {
  const now = new Date('2026-03-15T12:00:00Z');
  const t = Math.floor(now.getTime() / 1000);
  const body = '{"eventId":"e1"}';

  it('accept the signed body within 5 minutes, and nothing else', () => {
    const header = signWebhook('secret', body, t);
    expect(verifyWebhookSignature('secret', body, header, now)).toBe('ok');
    expect(verifyWebhookSignature('other', body, header, now)).toBe('invalid');
    expect(verifyWebhookSignature('secret', `${body} `, header, now)).toBe('invalid');
    expect(verifyWebhookSignature('secret', body, undefined, now)).toBe('missing');
    expect(verifyWebhookSignature('secret', body, 't=abc,v1=00', now)).toBe('invalid');
    const old = signWebhook('secret', body, t - 301);
    expect(verifyWebhookSignature('secret', body, old, now)).toBe('stale');
  });
});

describe('Twilio SMS provider (REST API over fetch)', () => {
  const sms = {
    from: '+15550190011',
    to: '+15550100111',
    body: 'Hola',
    reference: { messageId: '9b2f6a8e-1c3d-4e5f-8a9b-0c1d2e3f4a5b', attempt: 0 },
  };

  function fakeFetch(answer: () => Response | Promise<Response>) {
    const calls: Array<{ url: string; init: RequestInit }> = [];
    const fetch = (async (url: string | URL | Request, init?: RequestInit) => {
      calls.push({ url: String(url), init: init ?? {} });
      return answer();
    }) as typeof globalThis.fetch;
    return { calls, fetch };
  }

  it('posts From, To and Body with basic auth to the Messages API and answers the sid', async () => {
    const { calls, fetch } = fakeFetch(() =>
      Response.json({ sid: 'SM123', status: 'queued' }, { status: 201 }),
    );
    const provider = createTwilioSms({
      accountSid: 'AC1',
      authToken: 'tok',
      statusCallbackUrl: 'https://portal.example.org/api/webhooks/twilio/status',
      fetch,
    });
    expect(await provider.send(sms)).toEqual({ providerMessageId: 'SM123', status: 'queued' });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe('https://api.twilio.com/2010-04-01/Accounts/AC1/Messages.json');
    const headers = calls[0]?.init.headers as Record<string, string>;
    expect(headers.authorization).toBe(`Basic ${Buffer.from('AC1:tok').toString('base64')}`);
    expect(Object.fromEntries(new URLSearchParams(String(calls[0]?.init.body)))).toEqual({
      From: '+15550190011',
      To: '+15550100111',
      Body: 'Hola',
      // The status callbacks name the stored message and the attempt.
      StatusCallback:
        'https://portal.example.org/api/webhooks/twilio/status?messageId=9b2f6a8e-1c3d-4e5f-8a9b-0c1d2e3f4a5b&attempt=0',
    });
  });

  it('rejects with SmsDeliveryError when Twilio refuses, fails the text, or cannot be reached', async () => {
    const refused = createTwilioSms({
      accountSid: 'AC1',
      authToken: 'tok',
      fetch: fakeFetch(() =>
        Response.json(
          { code: 21610, message: 'Attempt to send to unsubscribed recipient' },
          { status: 400 },
        ),
      ).fetch,
    });
    await expect(refused.send(sms)).rejects.toThrow(SmsDeliveryError);
    await expect(refused.send(sms)).rejects.toThrow(/21610/);
    const failed = createTwilioSms({
      accountSid: 'AC1',
      authToken: 'tok',
      fetch: fakeFetch(() => Response.json({ sid: 'SM9', status: 'failed' }, { status: 201 }))
        .fetch,
    });
    await expect(failed.send(sms)).rejects.toThrow(SmsDeliveryError);
    const unreachable = createTwilioSms({
      accountSid: 'AC1',
      authToken: 'tok',
      fetch: fakeFetch(() => {
        throw new TypeError('fetch failed');
      }).fetch,
    });
    await expect(unreachable.send(sms)).rejects.toThrow(/could not be reached/);
  });
});

describe('SMTP mail provider (nodemailer, loaded with the first e-mail)', () => {
  /** A one-connection-at-a-time SMTP server on 127.0.0.1 that keeps what it is given. */
  async function startSmtpServer() {
    const received: Array<{ from: string; to: string[]; data: string }> = [];
    const server = createServer((socket) => {
      let envelope = { from: '', to: [] as string[] };
      let data: string | undefined;
      let buffered = '';
      socket.setEncoding('utf8');
      socket.write('220 test ESMTP\r\n');
      socket.on('data', (chunk: string) => {
        buffered += chunk;
        let end = buffered.indexOf('\r\n');
        while (end !== -1) {
          const line = buffered.slice(0, end);
          buffered = buffered.slice(end + 2);
          if (data !== undefined) {
            if (line === '.') {
              received.push({ ...envelope, data });
              data = undefined;
              envelope = { from: '', to: [] };
              socket.write('250 queued\r\n');
            } else {
              data += `${line}\n`;
            }
          } else if (/^(EHLO|HELO)/i.test(line)) {
            socket.write('250 test\r\n');
          } else if (/^MAIL FROM:/i.test(line)) {
            envelope.from = line.slice(10).trim();
            socket.write('250 ok\r\n');
          } else if (/^RCPT TO:/i.test(line)) {
            envelope.to.push(line.slice(8).trim());
            socket.write('250 ok\r\n');
          } else if (/^DATA/i.test(line)) {
            data = '';
            socket.write('354 go on\r\n');
          } else if (/^QUIT/i.test(line)) {
            socket.end('221 bye\r\n');
          } else {
            socket.write('250 ok\r\n');
          }
          end = buffered.indexOf('\r\n');
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    return { port, received, close: () => new Promise((resolve) => server.close(resolve)) };
  }

  it('delivers a message over SMTP_URL', async () => {
    const smtp = await startSmtpServer();
    const mail = createSmtpMail(
      `smtp://127.0.0.1:${smtp.port}?ignoreTLS=true`,
      'Tutoring <no-reply@tutoring.example.org>',
    );
    try {
      await mail.send({
        to: 'applicant@example.org',
        subject: 'Your sign-in link',
        text: 'Open https://portal.example.org/magic?token=abc',
        html: '<p>Open the link</p>',
      });
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]?.from).toBe('<no-reply@tutoring.example.org>');
      expect(smtp.received[0]?.to).toEqual(['<applicant@example.org>']);
      expect(smtp.received[0]?.data).toContain('Subject: Your sign-in link');
    } finally {
      mail.close();
      await smtp.close();
    }
  });
});
