// Outgoing e-mail. With SMTP_URL, nodemailer delivers over SMTP. Without it (development), the
// message goes to the dev outbox table, listed by GET /api/dev/outbox (the log names the subject
// only: a magic link carries the address and a sign-in token). In production without SMTP_URL
// sending fails loudly (logged) instead of pretending to work.
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
  constructor(
    /** nodemailer's code, e.g. 'EENVELOPE', 'ECONNECTION', 'EAUTH'. */
    readonly code: string | undefined,
    /** The SMTP reply code, e.g. 550. */
    readonly responseCode: number | undefined,
  ) {
    super(
      `The mail server refused the e-mail (${code ?? 'no code'}${responseCode ? `, SMTP ${responseCode}` : ''})`,
    );
  }
}

function mailDeliveryError(error: unknown): MailDeliveryError {
  const fields = (error ?? {}) as { code?: unknown; responseCode?: unknown };
  return new MailDeliveryError(
    typeof fields.code === 'string' ? fields.code : undefined,
    typeof fields.responseCode === 'number' ? fields.responseCode : undefined,
  );
}

export interface MailProvider {
  kind: 'smtp' | 'dev-outbox' | 'unconfigured';
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/**
 * nodemailer is loaded with the first e-mail (a magic link): importing it adds 31 MB to the
 * process, which most of a server's life does not use.
 */
export function createSmtpMail(
  smtpUrl: string,
  from: string,
  /** The transport to use instead of SMTP_URL's (tests read the message nodemailer writes). */
  transportOptions?: Parameters<typeof import('nodemailer').createTransport>[0],
): MailProvider {
  let transport: Promise<Transporter> | undefined;
  const transportOf = () => {
    transport ??= import('nodemailer').then((nodemailer) =>
      nodemailer.default.createTransport(transportOptions ?? smtpUrl),
    );
    return transport;
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
      } catch (error) {
        throw mailDeliveryError(error);
      }
    },
    close: () => {
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
    close: () => undefined,
  };
}

export function createUnconfiguredMail(): MailProvider {
  return {
    kind: 'unconfigured',
    async send() {
      throw new Error('No mail transport: set SMTP_URL.');
    },
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
  if (options.smtpUrl) return createSmtpMail(options.smtpUrl, options.from);
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
