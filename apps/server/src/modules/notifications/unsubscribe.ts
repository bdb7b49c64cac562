// The one-click unsubscribe of the notification e-mails (RFC 8058): every e-mail carries
// `List-Unsubscribe: <PUBLIC_URL/api/notifications/unsubscribe?token=…>` and
// `List-Unsubscribe-Post: List-Unsubscribe=One-Click`. The token names the tutor and the purpose,
// signed with NOTIFICATION_SECRET (HMAC-SHA256), so it needs no sign-in and cannot be made for
// another tutor. A GET shows a page with one button and changes nothing (mail scanners follow
// links); a POST (the mail client's one click, or the button) turns e-mail notifications off.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { notificationSettings, tutors } from '../../db/schema.ts';
import { invalidArgument } from '../../http/errors.ts';
import { registerOperation } from '../../http/operations.ts';
import type { RouteContext } from '../../http/route-context.ts';
import { usePageHeaders } from '../../http/security-headers.ts';
import { escapeHtml } from '../../providers/mail.ts';
import { isRecordUuid } from '../tutors/access.ts';
import { NOTIFICATION_SETTINGS_PATH } from './content.ts';

/** What a token allows: turning off the e-mail notifications, nothing else. */
const PURPOSE = 'notification-email-unsubscribe';

function signature(secret: string, tutorId: string): string {
  return createHmac('sha256', secret).update(`${PURPOSE}:${tutorId}`).digest('base64url');
}

/** `<tutor id>.<signature>`: within the contract's pattern ^[A-Za-z0-9_.-]+$. */
export function unsubscribeToken(secret: string, tutorId: string): string {
  return `${tutorId}.${signature(secret, tutorId)}`;
}

export function unsubscribeUrl(publicUrl: string, secret: string, tutorId: string): string {
  return `${publicUrl}/api/notifications/unsubscribe?token=${unsubscribeToken(secret, tutorId)}`;
}

/** The tutor id a token names, or undefined for a token this server did not sign. */
export function tutorOfToken(secret: string, token: string): string | undefined {
  const dot = token.lastIndexOf('.');
  const tutorId = token.slice(0, dot);
  if (dot < 0 || !isRecordUuid(tutorId)) return undefined;
  const given = Buffer.from(token.slice(dot + 1));
  const expected = Buffer.from(signature(secret, tutorId));
  return given.length === expected.length && timingSafeEqual(given, expected) ? tutorId : undefined;
}

const INVALID_LINK =
  'This unsubscribe link is not valid. Change your notifications in the portal instead.';

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title></head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
${body}
</main>
</body>
</html>`;
}

function confirmationPage(email: string, token: string): string {
  const action = `/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`;
  return page(
    'Stop notification e-mails?',
    `<p>You get an e-mail at ${escapeHtml(email)} when a family's reply waits for you or a text
to a family was not delivered. Turn these e-mails off? Nothing else changes.</p>
<form method="post" action="${escapeHtml(action)}">
<input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit">Turn off notification e-mails</button>
</form>`,
  );
}

function unsubscribedPage(settingsUrl: string): string {
  return page(
    'Notification e-mails are off',
    `<p role="status">You will get no more notification e-mails. To hear of families' replies again,
choose how in the portal: <a href="${escapeHtml(settingsUrl)}">notification settings</a>.</p>`,
  );
}

/** The fields of a multipart/form-data body of text fields (what RFC 8058 asks clients for). */
export function multipartFields(body: string, contentType: string): Record<string, string> {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  const delimiter = boundary?.[1] ?? boundary?.[2]?.trim();
  if (!delimiter) throw invalidArgument('A multipart body needs its boundary.');
  const fields: Record<string, string> = {};
  for (const part of body.split(`--${delimiter}`).slice(1)) {
    if (part.startsWith('--')) break;
    const split = part.indexOf('\r\n\r\n');
    if (split < 0) continue;
    const name = /name="([^"]*)"/i.exec(part.slice(0, split))?.[1];
    if (name !== undefined) fields[name] = part.slice(split + 4).replace(/\r\n$/, '');
  }
  return fields;
}

/**
 * The page and the one click, in a plugin of their own: page headers (the server's other HTML
 * pages' CSP), and form bodies (urlencoded and multipart), which the rest of the API refuses.
 */
export function registerUnsubscribeRoutes(scope: FastifyInstance, context: RouteContext): void {
  const { db, config } = context;
  const secret = config.notifications.secret;
  usePageHeaders(scope, context.securityHeaders);
  const formBody = { parseAs: 'string', bodyLimit: 10_000 } as const;
  scope.addContentTypeParser('application/x-www-form-urlencoded', formBody, (_r, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  scope.addContentTypeParser('multipart/form-data', formBody, (request, body, done) => {
    try {
      done(null, multipartFields(String(body), request.headers['content-type'] ?? ''));
    } catch (error) {
      done(error as Error, undefined);
    }
  });

  /** The tutor the request's token names, or 400. */
  const tutorOf = async (token: string) => {
    const tutorId = tutorOfToken(secret, token);
    const [tutor] = tutorId
      ? await db
          .select({ id: tutors.id, email: tutors.email })
          .from(tutors)
          .where(eq(tutors.id, tutorId))
      : [];
    if (!tutor) throw invalidArgument(INVALID_LINK, { field: 'query/token' });
    return tutor;
  };

  registerOperation(scope, context, {
    operationId: 'showNotificationUnsubscribe',
    access: 'public',
    handler: async (request, reply) => {
      const { token } = request.query as { token: string };
      const tutor = await tutorOf(token);
      return reply.type('text/html; charset=utf-8').send(confirmationPage(tutor.email, token));
    },
  });

  registerOperation(scope, context, {
    operationId: 'unsubscribeFromNotifications',
    access: 'public',
    handler: async (request, reply) => {
      const { token } = request.query as { token: string };
      const tutor = await tutorOf(token);
      // E-mail notifications off: a tutor on e-mail (or on the default, without a row) goes to
      // none; one who chose texts since gets no e-mails already, and keeps the texts.
      await db
        .insert(notificationSettings)
        .values({ tutorId: tutor.id, channel: 'none', updatedAt: context.now() })
        .onConflictDoUpdate({
          target: notificationSettings.tutorId,
          set: { channel: 'none', updatedAt: context.now() },
          where: and(
            eq(notificationSettings.tutorId, tutor.id),
            sql`${notificationSettings.channel} = 'email'`,
          ),
        });
      request.log.info({ tutorId: tutor.id }, 'notification e-mails turned off by unsubscribe');
      return reply
        .type('text/html; charset=utf-8')
        .send(unsubscribedPage(`${config.publicUrl}${NOTIFICATION_SETTINGS_PATH}`));
    },
  });
}
