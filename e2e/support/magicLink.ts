import { type APIRequestContext, expect } from '@playwright/test';

/** Seeded onboarding applicants (apps/server README, "Demo data"). */
export const applicants = {
  sam: 'sam.rivera@example.com',
  alex: 'alex.morgan@example.com',
  casey: 'casey.brooks@example.com',
  taylor: 'taylor.nguyen@example.com',
} as const;

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  sentAt: string;
}

async function mailsTo(request: APIRequestContext, to: string): Promise<OutboxMail[]> {
  const response = await request.get('/api/dev/outbox');
  expect(response.ok()).toBe(true);
  const mails = (await response.json()) as OutboxMail[];
  return mails.filter((mail) => mail.to === to);
}

/**
 * Watches the dev outbox (GET /api/dev/outbox) for the next magic link to `to`: call before asking
 * for a link, then await the returned function. It resolves with the link's path and query, which
 * the test opens on its own stack (the link's host is the server's PUBLIC_URL, which the e2e stack
 * leaves at its default).
 */
export async function watchForMagicLink(
  request: APIRequestContext,
  to: string,
): Promise<() => Promise<string>> {
  const before = new Set((await mailsTo(request, to)).map((mail) => `${mail.sentAt} ${mail.text}`));
  return async () => {
    let link: string | undefined;
    await expect
      .poll(
        async () => {
          // Mailed in the background after the callable answered: poll until it is there.
          const fresh = (await mailsTo(request, to)).find(
            (mail) => !before.has(`${mail.sentAt} ${mail.text}`),
          );
          link = fresh?.text.match(/https?:\/\/\S+\/auth\?\S+/)?.[0];
          return link;
        },
        { message: `a new magic link mailed to ${to}`, timeout: 15_000 },
      )
      .toBeTruthy();
    const url = new URL(link as string);
    return `${url.pathname}${url.search}`;
  };
}

/** The session keys of §3 as the page stored them. */
export function storedSessionKeys(): Record<string, string | null> {
  return Object.fromEntries(
    ['idToken', 'magicIdToken', 'magicUserId'].map((key) => [key, localStorage.getItem(key)]),
  );
}
