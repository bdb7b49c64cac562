import { expectNoAxeViolations, viewports } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { maya, outsideDomain } from '../support/googleSignIn';

for (const viewport of viewports) {
  test.describe(`axe at ${viewport.width} px`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('landing page', async ({ page }) => {
      await page.goto('/');
      await expect(page.getByRole('contentinfo')).toBeVisible();
      await expectNoAxeViolations(page);
    });

    test('landing page, reached inside the app (the router renders it)', async ({ page }) => {
      await page.goto('/credits');
      await page.getByRole('link', { name: 'Return to home' }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        'Welcome to the Tutoring Portal',
      );
      await expectNoAxeViolations(page);
    });

    test("'Coming Soon!' page", async ({ page }) => {
      await page.goto('/coming-soon');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Coming Soon!');
      await expectNoAxeViolations(page);
    });

    test('not-found page', async ({ page }) => {
      await page.goto('/no/such/page');
      await expect(page.getByText('This page does not exist.')).toBeVisible();
      await expectNoAxeViolations(page);
    });

    test('credits page', async ({ page }) => {
      await page.goto('/credits');
      await expect(page.getByRole('link', { name: /^Visit Video Platform/ })).toBeVisible();
      await expectNoAxeViolations(page);
    });

    test('400 page', async ({ page }) => {
      await page.goto('/error400');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bad Request');
      await expectNoAxeViolations(page);
    });

    test('500 page', async ({ page }) => {
      await page.goto('/error500');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Server Error');
      await expectNoAxeViolations(page);
    });

    test('/logout', async ({ page }) => {
      await page.goto('/logout');
      await expect(page.getByRole('link', { name: 'Return to home' })).toBeVisible();
      await expectNoAxeViolations(page);
    });

    // The accounts signed in once through the emulator's Google popup; the sign-in itself is
    // tutor-sign-in.spec.ts's subject.
    test.describe('signed in as a tutor', () => {
      test.use({ signedInAs: maya });

      test('/tutoring, signed in as a tutor', async ({ page }) => {
        await page.goto('/tutoring');
        await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Maya!');
        await expectNoAxeViolations(page);
      });
    });

    test.describe('signed in outside the organisation', () => {
      test.use({ signedInAs: outsideDomain });

      test('/tutoring, refused for an account outside the organisation', async ({ page }) => {
        await page.goto('/tutoring');
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(
          'This account cannot open the Tutor Portal',
        );
        await expect(page.getByRole('alert')).toBeVisible();
        await expectNoAxeViolations(page);
      });
    });
  });
}
