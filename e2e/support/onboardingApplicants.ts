import { expect, type Page } from '@playwright/test';
import { waitForHydration } from './hydration';
import { watchForMagicLink } from './magicLink';

/** The seeded onboarding applicants (apps/server/src/seed/demo-activity.ts), one per stage. */
export const applicants = {
  /** Onboarding chat booked, no task done yet. */
  sam: { email: 'sam.rivera@example.com', firstName: 'Sam', lastName: 'Rivera' },
  /** Waiver and training done; background check and availability to go. */
  alex: { email: 'alex.morgan@example.com', firstName: 'Alex', lastName: 'Morgan' },
  /** No onboarding chat booked: the dashboard sends them to book it. */
  casey: { email: 'casey.brooks@example.com', firstName: 'Casey', lastName: 'Brooks' },
  /** Every task done: Ready to Tutor. */
  taylor: { email: 'taylor.nguyen@example.com', firstName: 'Taylor', lastName: 'Nguyen' },
  /** Matched with students. */
  jamie: { email: 'jamie.ortiz@example.com', firstName: 'Jamie', lastName: 'Ortiz' },
} as const;

/** An applicant as the tests name them: a seeded one, or one a test imported. */
export interface Applicant {
  email: string;
  firstName: string;
  lastName: string;
}

/**
 * Signs an applicant in as §2 describes: the e-mail on /auth, 'Send Magic Link', then the link
 * from the dev outbox (e2e/support/magicLink.ts). Resolves once the link has been opened; the
 * caller checks where it led.
 */
export async function signInWithMagicLink(page: Page, applicant: Applicant): Promise<void> {
  const nextLink = await watchForMagicLink(page.request, applicant.email);
  await page.goto('/auth');
  const send = page.getByRole('button', { name: 'Send Magic Link' });
  await waitForHydration(send);
  await page.getByRole('textbox', { name: 'Email' }).fill(applicant.email);
  await send.click();
  await expect(page.getByText('Success! Magic link sent.')).toBeVisible();
  await page.goto(await nextLink());
}

/** The dev stand-in of the form and scheduling providers (apps/server/src/modules/dev/routes.ts). */
export const devFormsPath = '/api/dev/forms';

/** The applicant's section of the dev forms page. */
export function devFormsSection(page: Page, applicant: Applicant) {
  return page.getByRole('region', {
    name: new RegExp(`^${applicant.firstName} ${applicant.lastName} \\(`),
  });
}

/** Presses one task button of the applicant's section and waits for the provider's answer. */
export async function submitDevForm(page: Page, applicant: Applicant, button: string) {
  await devFormsSection(page, applicant).getByRole('button', { name: button }).click();
  await expect(page.getByRole('status')).toContainText(
    `${button}: processed for ${applicant.email}.`,
  );
}
