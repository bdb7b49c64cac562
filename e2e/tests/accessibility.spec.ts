import AxeBuilder from '@axe-core/playwright';
import {
  analyzeWithAxe,
  axeOptions,
  expectNoAxeViolations,
  expectNoAxeViolationsAtEveryWidth,
  viewports,
} from '../support/axe';
import { expect, test } from '../support/fixtures';
import { maya, outsideDomain } from '../support/googleSignIn';

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;

/** What a check can see of a run: every rule's outcome, impact and nodes. */
function outcomes(results: AxeResults) {
  const outcome = (rules: AxeResults['violations']) =>
    rules
      .map((rule) => ({
        id: rule.id,
        impact: rule.impact,
        nodes: rule.nodes.map((node) => `${node.target.join(' ')} ${node.failureSummary ?? ''}`),
      }))
      .sort((a, b) => a.id.localeCompare(b.id));
  const { violations, incomplete, passes, inapplicable } = results;
  return {
    violations: outcome(violations),
    incomplete: outcome(incomplete),
    passes: outcome(passes),
    inapplicable: outcome(inapplicable),
  };
}

// support/axe.ts runs @axe-core/playwright's procedure itself, to put axe into a document once and
// finish every run in one blank page; here both run on one page, with violations in the page, in
// a frame and in a frame inside it, and a blocked embed (an error page), and must agree.
test("the suite's axe runs report what @axe-core/playwright's AxeBuilder reports", async ({
  page,
}) => {
  await page.goto('/credits');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Credits');
  await page.evaluate(() => {
    const inner = '<html lang="en"><title>Inner</title><body><a href="#"></a></body></html>';
    const outer = document.createElement('iframe');
    outer.title = 'Outer';
    outer.srcdoc = `<html lang="en"><title>Outer</title><body><img src="/favicon.ico"><iframe title="Inner" srcdoc='${inner}'></iframe></body></html>`;
    const blocked = document.createElement('iframe');
    blocked.title = 'Blocked embed';
    blocked.src = 'https://embed.example.org/';
    const nameless = document.createElement('button');
    document.querySelector('main')?.append(nameless, outer, blocked);
  });
  await expect.poll(() => page.frames().length).toBe(4);
  await expect
    .poll(() =>
      Promise.all(page.frames().map((frame) => frame.evaluate(() => document.readyState))),
    )
    .toEqual(['complete', 'complete', 'complete', 'complete']);

  const expected = await new AxeBuilder({ page }).options(axeOptions).analyze();
  const actual = await analyzeWithAxe(page);
  expect(outcomes(actual)).toEqual(outcomes(expected));
  expect(actual.violations.map((rule) => rule.id)).toEqual(
    expect.arrayContaining(['button-name', 'image-alt', 'link-name']),
  );
  // Once more on the same document, where axe is already in every frame.
  expect(outcomes(await analyzeWithAxe(page))).toEqual(outcomes(expected));
});

// The public pages lay out with media and container queries only: each is loaded once and checked
// at 1280 and at 390 px (support/axe.ts).
test.describe('axe at 1280 and 390 px', () => {
  test('landing page', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await expectNoAxeViolationsAtEveryWidth(page);
  });

  test('landing page, reached inside the app (the router renders it)', async ({ page }) => {
    await page.goto('/credits');
    await page.getByRole('link', { name: 'Return to home' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Welcome to the Tutoring Portal',
    );
    await expectNoAxeViolationsAtEveryWidth(page);
  });

  test("'Coming Soon!' page", async ({ page }) => {
    await page.goto('/coming-soon');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Coming Soon!');
    await expectNoAxeViolationsAtEveryWidth(page);
  });

  test('not-found page', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByText('This page does not exist.')).toBeVisible();
    await expectNoAxeViolationsAtEveryWidth(page);
  });

  test('credits page', async ({ page }) => {
    await page.goto('/credits');
    await expect(page.getByRole('link', { name: /^Visit Video Platform/ })).toBeVisible();
    await expectNoAxeViolationsAtEveryWidth(page);
  });

  test('400 page', async ({ page }) => {
    await page.goto('/error400');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bad Request');
    await expectNoAxeViolationsAtEveryWidth(page);
  });

  test('500 page', async ({ page }) => {
    await page.goto('/error500');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Server Error');
    await expectNoAxeViolationsAtEveryWidth(page);
  });

  test('/logout', async ({ page }) => {
    await page.goto('/logout');
    await expect(page.getByRole('link', { name: 'Return to home' })).toBeVisible();
    await expectNoAxeViolationsAtEveryWidth(page);
  });
});

// The tutoring area decides some of its layout in script at load (the new-announcement popup or the
// bell badge under 640 px): it is loaded at each width. The accounts signed in once through the
// emulator's Google popup; the sign-in itself is tutor-sign-in.spec.ts's subject.
for (const viewport of viewports) {
  test.describe(`axe at ${viewport.width} px`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

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
