// Outgoing e-mail. With SMTP_URL, nodemailer delivers over SMTP. Without it (development), the
// message goes to the dev outbox table, listed by GET /api/dev/outbox (the log names the subject
// only: a magic link carries the address and a sign-in token). In production without SMTP_URL
// sending fails loudly (logged) instead of pretending to work. In production the SMTP transport is
// checked at start (app/providers.ts): a mail server that cannot be reached makes mail 'degraded'
// (GET /api/readyz says so) until a check or a send reaches it again; sign-in links answer 503
// meanwhile rather than `sent: true`.
import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import type { Database } from '../db/open.ts';
import { devOutbox } from '../db/schema.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Header fields besides the usual ones, e.g. List-Unsubscribe (RFC 2369, RFC 8058). */
  headers?: Record<string, string>;
  /**
   * The Message-ID (without angle brackets): the same id when the same message is sent again
   * after a crash, so a mailbox that drops duplicates by Message-ID keeps one.
   */
  messageId?: string;
}

/**
 * A refusal of the mail server, by its codes: nodemailer's message and fields quote the SMTP
 * answer, which names the recipient ("550 5.1.1 <sam@…>: Recipient address rejected").
 */
export class MailDeliveryError extends Error {
  override name = 'MailDeliveryError';
  /** nodemailer's code, e.g. 'EENVELOPE', 'ECONNECTION', 'EAUTH'. */
  readonly code: string | undefined;
  /** The SMTP reply code, e.g. 550. */
  readonly responseCode: number | undefined;
  constructor(code: string | undefined, responseCode: number | undefined) {
    super(
      `The mail server refused the e-mail (${code ?? 'no code'}${responseCode ? `, SMTP ${responseCode}` : ''})`,
    );
    this.code = code;
    this.responseCode = responseCode;
  }
}

function mailDeliveryError(error: unknown): MailDeliveryError {
  const fields = (error ?? {}) as { code?: unknown; responseCode?: unknown };
  return new MailDeliveryError(
    typeof fields.code === 'string' ? fields.code : undefined,
    typeof fields.responseCode === 'number' ? fields.responseCode : undefined,
  );
}

/**
 * Whether a provider can be used, as GET /api/readyz reports it: 'degraded' when it could not be
 * reached (the server still serves everything else), 'unconfigured' when production runs without
 * it.
 */
export type ProviderStatus = 'ok' | 'degraded' | 'unconfigured';

export interface MailProvider {
  kind: 'smtp' | 'dev-outbox' | 'unconfigured';
  send(message: MailMessage): Promise<void>;
  /** Whether mail can go out, as far as the server knows; absent: 'ok' (tests' doubles). */
  status?(): ProviderStatus;
  /**
   * Connects to the mail server and signs in (SMTP's verify), recording whether that worked;
   * while it does not, it is tried again every `recheckMs`. Absent for providers with no server.
   */
  check?(): Promise<ProviderStatus>;
  close(): void;
}

/** nodemailer's codes of a mail server that could not be reached or refused to sign us in. */
const UNREACHABLE_CODES = new Set([
  'ECONNECTION',
  'ETIMEDOUT',
  'ESOCKET',
  'EDNS',
  'EAUTH',
  'ETLS',
  'ECONNREFUSED',
  'ECONNRESET',
]);

/** How long the check at start may take (nodemailer's own connection timeout is 2 minutes). */
export const MAIL_CHECK_TIMEOUT_MS = 5000;
/** How often a mail server that could not be reached is tried again. */
export const MAIL_RECHECK_INTERVAL_MS = 60_000;

/**
 * nodemailer is loaded with the first e-mail (a magic link): importing it adds 31 MB to the
 * process, which most of a server's life does not use.
 */
export function createSmtpMail(
  smtpUrl: string,
  from: string,
  /** The transport to use instead of SMTP_URL's (tests read the message nodemailer writes). */
  transportOptions?: Parameters<typeof import('nodemailer').createTransport>[0],
  health: {
    log?: Pick<FastifyBaseLogger, 'info' | 'warn'>;
    checkTimeoutMs?: number;
    recheckMs?: number;
  } = {},
): MailProvider {
  let transport: Promise<Transporter> | undefined;
  const transportOf = () => {
    transport ??= import('nodemailer').then((nodemailer) =>
      nodemailer.default.createTransport(transportOptions ?? smtpUrl),
    );
    return transport;
  };
  // Unchecked counts as working: outside production nothing checks it at start.
  let reachable = true;
  let recheck: NodeJS.Timeout | undefined;
  let closed = false;
  const checkTimeoutMs = health.checkTimeoutMs ?? MAIL_CHECK_TIMEOUT_MS;
  const recheckMs = health.recheckMs ?? MAIL_RECHECK_INTERVAL_MS;

  /** Records what the server found; while it cannot reach the mail server, asks again later. */
  const record = (ok: boolean, code?: string) => {
    if (ok !== reachable) {
      if (ok) health.log?.info('mail server reachable again: sign-in links are e-mailed');
      else {
        health.log?.warn(
          { code },
          'mail server cannot be reached: mail is degraded and sign-in links answer 503',
        );
      }
    }
    reachable = ok;
    if (!ok && recheck === undefined && !closed) {
      recheck = setInterval(() => void check(), recheckMs);
      recheck.unref();
    }
    if (ok && recheck !== undefined) {
      clearInterval(recheck);
      recheck = undefined;
    }
  };

  const check = async (): Promise<ProviderStatus> => {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        transportOf().then((opened) => opened.verify()),
        new Promise((_, reject) => {
          timer = setTimeout(
            () => reject(Object.assign(new Error('no answer'), { code: 'ETIMEDOUT' })),
            checkTimeoutMs,
          );
        }),
      ]);
      record(true);
    } catch (error) {
      record(false, mailDeliveryError(error).code);
    } finally {
      clearTimeout(timer);
    }
    return reachable ? 'ok' : 'degraded';
  };

  return {
    kind: 'smtp',
    async send({ messageId, ...message }) {
      // A multipart/alternative message: the text part and the HTML part, no tracking of any kind.
      try {
        await (await transportOf()).sendMail({
          from,
          ...message,
          ...(messageId ? { messageId: `<${messageId}>` } : {}),
        });
        record(true);
      } catch (error) {
        const refusal = mailDeliveryError(error);
        // A refused recipient is that message's problem; a server that cannot be reached is all's.
        if (refusal.code && UNREACHABLE_CODES.has(refusal.code)) record(false, refusal.code);
        throw refusal;
      }
    },
    status: () => (reachable ? 'ok' : 'degraded'),
    check,
    close: () => {
      closed = true;
      clearInterval(recheck);
      recheck = undefined;
      transport?.then(
        (opened) => opened.close(),
        () => undefined,
      );
    },
  };
}

export function createDevOutboxMail(
  db: Database,
  log: FastifyBaseLogger,
  now: () => Date,
): MailProvider {
  return {
    kind: 'dev-outbox',
    async send({ headers, messageId, ...message }) {
      // A second send of the same Message-ID is dropped, as a mailbox that dedupes by it does.
      await db
        .insert(devOutbox)
        .values({ ...message, headers: headers ?? {}, messageId: messageId ?? null, sentAt: now() })
        .onConflictDoNothing({ target: devOutbox.messageId });
      // Neither the address nor the links (a magic link carries both): GET /api/dev/outbox has them.
      log.info({ subject: message.subject }, 'dev outbox: e-mail stored');
    },
    status: () => 'ok',
    close: () => undefined,
  };
}

export function createUnconfiguredMail(): MailProvider {
  return {
    kind: 'unconfigured',
    async send() {
      throw new Error('No mail transport: set SMTP_URL.');
    },
    status: () => 'unconfigured',
    close: () => undefined,
  };
}

export function createMailProvider(options: {
  smtpUrl: string | undefined;
  from: string;
  production: boolean;
  db: Database;
  log: FastifyBaseLogger;
  now: () => Date;
}): MailProvider {
  if (options.smtpUrl) {
    return createSmtpMail(options.smtpUrl, options.from, undefined, { log: options.log });
  }
  if (options.production) return createUnconfiguredMail();
  return createDevOutboxMail(options.db, options.log, options.now);
}

/** Escapes text for an HTML e-mail body. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}
