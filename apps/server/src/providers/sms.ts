// Outgoing text messages. With Twilio credentials, Twilio's Messages API over plain fetch: one
// form-encoded POST with basic auth is all the server needs, so the twilio SDK (and its dependency
// tree) is not worth adding. Without credentials (development), a provider that stores the texts
// in the dev SMS outbox. In production without credentials, sending fails: nothing is faked.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/open.ts';
import { prepared } from '../db/prepared.ts';
import { devSmsOutbox } from '../db/schema.ts';
import type { ProviderStatus } from './mail.ts';

export interface OutboundSms {
  /** The student's forwarding number (the tutor's own number stays private). */
  from: string;
  to: string;
  body: string;
  /**
   * The stored message and which attempt this is: Twilio's status callbacks carry both back, so a
   * callback finds its message even when it overtakes the answer that gave the message its
   * MessageSid, and a late callback of an earlier attempt is told apart. Absent for the
   * organisation's own texts to tutors (codes, notifications), whose delivery is not followed.
   */
  reference?: { messageId: string; attempt: number } | undefined;
}

export type AcceptedStatus = 'queued' | 'sent' | 'delivered';

export interface SmsReceipt {
  providerMessageId: string;
  status: AcceptedStatus;
}

/** Where a text stands, as the provider's status callbacks report it. */
export type ReportedStatus = 'queued' | 'sent' | 'delivered' | 'undelivered' | 'failed';

export interface SmsProvider {
  kind: 'twilio' | 'dev' | 'unconfigured';
  /** Resolves when the provider accepted the text; rejects with SmsDeliveryError otherwise. */
  send(sms: OutboundSms): Promise<SmsReceipt>;
  /**
   * Whether texts can go out, as far as the server knows (GET /api/readyz): Twilio is 'degraded'
   * after a text could not reach it, until one does. Absent: 'ok' (tests' doubles).
   */
  status?(): ProviderStatus;
}

export class SmsDeliveryError extends Error {
  override name = 'SmsDeliveryError';
  /** The provider's error code of the refusal (Twilio's, e.g. '21610'), when it gave one. */
  readonly code: string | undefined;

  constructor(message: string, code?: string | number | null) {
    super(message);
    this.code = code === undefined || code === null ? undefined : String(code);
  }
}

type Fetch = typeof fetch;

const TWILIO_API = 'https://api.twilio.com/2010-04-01';

/**
 * Twilio's message statuses (of its answer and of its status callbacks) mapped onto the
 * contract's delivery states: 'undelivered' is the carrier's word, 'failed' Twilio's own.
 */
export function reportedStatus(twilioStatus: string | undefined): ReportedStatus {
  switch (twilioStatus) {
    case 'sending':
    case 'sent':
      return 'sent';
    case 'delivered':
    case 'read':
      return 'delivered';
    case 'undelivered':
      return 'undelivered';
    case 'failed':
    case 'canceled':
      return 'failed';
    default:
      return 'queued';
  }
}

export function createTwilioSms(options: {
  accountSid: string;
  authToken: string;
  /** The public URL of POST /api/webhooks/twilio/status; each text adds its reference to it. */
  statusCallbackUrl?: string;
  fetch?: Fetch;
  timeoutMs?: number;
}): SmsProvider {
  const doFetch = options.fetch ?? fetch;
  // Whether the last text reached Twilio (any answer, even a refusal, is reaching it).
  let reachable = true;
  const authorization = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`;
  return {
    kind: 'twilio',
    status: () => (reachable ? 'ok' : 'degraded'),
    async send(sms) {
      let response: Response;
      try {
        response = await doFetch(
          `${TWILIO_API}/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`,
          {
            method: 'POST',
            headers: {
              authorization,
              'content-type': 'application/x-www-form-urlencoded',
              accept: 'application/json',
            },
            body: new URLSearchParams({
              From: sms.from,
              To: sms.to,
              Body: sms.body,
              ...(options.statusCallbackUrl && sms.reference
                ? { StatusCallback: statusCallbackFor(options.statusCallbackUrl, sms.reference) }
                : {}),
            }).toString(),
            signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
          },
        );
      } catch (error) {
        reachable = false;
        throw new SmsDeliveryError(`Twilio could not be reached: ${unreachableReason(error)}`);
      }
      reachable = true;
      const payload = (await response.json().catch(() => ({}))) as {
        sid?: string;
        status?: string;
        message?: string;
        code?: number;
        error_code?: number | null;
      };
      if (!response.ok || !payload.sid) {
        // By code and status only: Twilio's own wording names the number it refused (the
        // guardian's), and this message is logged and stored with the text.
        throw new SmsDeliveryError(
          `Twilio refused the text (HTTP ${response.status}${payload.code ? `, code ${payload.code}` : ', no code given'})`,
          payload.code,
        );
      }
      const status = reportedStatus(payload.status);
      if (status === 'failed' || status === 'undelivered')
        throw new SmsDeliveryError(`Twilio reports the text ${payload.status}`, payload.error_code);
      return { providerMessageId: payload.sid, status };
    },
  };
}

/** Why a request to Twilio did not get an answer, by the error's name and code, not its text. */
function unreachableReason(error: unknown): string {
  if (!(error instanceof Error)) return 'unknown error';
  const cause = error.cause as { code?: unknown } | undefined;
  const code = typeof cause?.code === 'string' ? ` (${cause.code})` : '';
  return `${error.name}${code}`;
}

/** The status callback URL of one attempt at one message. */
export function statusCallbackFor(
  baseUrl: string,
  reference: NonNullable<OutboundSms['reference']>,
): string {
  const url = new URL(baseUrl);
  url.searchParams.set('messageId', reference.messageId);
  url.searchParams.set('attempt', String(reference.attempt));
  return url.toString();
}

/** The development provider; a person (the dev SMS page) or a test can make it refuse texts. */
export interface DevSmsProvider extends SmsProvider {
  kind: 'dev';
  /** The next `count` texts are refused, as Twilio refuses a text it cannot take. */
  refuseNext(count: number): void;
}

const insertDevSms = (db: Database) =>
  db
    .insert(devSmsOutbox)
    .values({
      from: sql.placeholder('from'),
      to: sql.placeholder('to'),
      body: sql.placeholder('body'),
      sentAt: sql.placeholder('sentAt'),
    })
    .returning({ id: devSmsOutbox.id })
    .prepare('insert_dev_sms');

export function createDevSms(db: Database, now: () => Date): DevSmsProvider {
  let refusals = 0;
  return {
    kind: 'dev',
    refuseNext(count) {
      refusals = Math.max(0, count);
    },
    async send(sms) {
      if (refusals > 0) {
        refusals -= 1;
        throw new SmsDeliveryError('The development SMS provider was told to refuse this text.');
      }
      const [row] = await prepared(db, insertDevSms).execute({ ...sms, sentAt: now() });
      return { providerMessageId: `dev-${row?.id ?? 'unknown'}`, status: 'sent' };
    },
  };
}

export function createUnconfiguredSms(): SmsProvider {
  return {
    kind: 'unconfigured',
    status: () => 'unconfigured',
    async send() {
      throw new SmsDeliveryError('No SMS provider: set TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN.');
    },
  };
}

/**
 * X-Twilio-Signature as Twilio documents it: HMAC-SHA1, keyed with the auth token, of the full
 * URL Twilio called followed by every POST parameter name and value, sorted by name; base64.
 */
export function twilioSignature(
  authToken: string,
  url: string,
  params: Iterable<[string, string]>,
): string {
  const sorted = [...params].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const data = url + sorted.map(([name, value]) => name + value).join('');
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

export function isValidTwilioSignature(
  authToken: string,
  url: string,
  params: Iterable<[string, string]>,
  signature: string | undefined,
): boolean {
  if (!signature) return false;
  const expected = Buffer.from(twilioSignature(authToken, url, params));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
