import { expect, test } from '../support/fixtures';

test.describe('landing page', () => {
  test('shows the student card, the tutor card, Report an Issue and the footer', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page).toHaveTitle(/Tutoring Portal/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Welcome to the Tutoring Portal',
    );

    const studentCard = page.getByRole('region', { name: 'Are you a student?' });
    await expect(studentCard).toContainText(
      'Sign in with your tutoring code to reach the student portal.',
    );
    const studentPortal = studentCard.getByRole('link', { name: /^Go to the Student Portal/ });
    await expect(studentPortal).toHaveAttribute('href', /^https:\/\//);
    await expect(studentPortal).toHaveAttribute('target', '_blank');
    await expect(studentPortal).toHaveAttribute('rel', 'noopener noreferrer');

    const tutorCard = page.getByRole('region', { name: 'Already a tutor?' });
    await expect(tutorCard).toContainText('Sign in with your organisation e-mail');
    await expect(tutorCard).toContainText('@tutoring.example.org');
    const tutorPortal = tutorCard.getByRole('link', { name: 'Go to the Tutor Portal' });
    await expect(tutorPortal).toHaveAttribute('href', '/tutoring');
    await expect(tutorPortal).not.toHaveAttribute('target', /.*/);
    for (const name of ['Volunteer tutor application', 'Student application']) {
      const link = tutorCard.getByRole('link', { name: `${name} (opens in a new tab)` });
      await expect(link).toHaveAttribute('href', /^https:\/\//);
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }

    const reportIssue = page.getByRole('main').getByRole('link', { name: /^Report an Issue/ });
    await expect(reportIssue).toHaveAttribute('href', /^https:\/\//);
    await expect(reportIssue).toHaveAttribute('target', '_blank');

    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText(`© ${new Date().getFullYear()} `);
    const socialLinks = footer.getByRole('navigation', { name: 'Social media' }).getByRole('link');
    await expect(socialLinks).toHaveCount(3);
    for (const link of await socialLinks.all()) {
      await expect(link).toHaveAttribute('href', /^https:\/\//);
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
  });

  test('downloads no Firebase code, which the tutor sign-in then loads', async ({ page }) => {
    const scripts: { url: string; body: string }[] = [];
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return;
      scripts.push({ url: response.url(), body: await response.text().catch(() => '') });
    });
    const firebaseCode = (script: { url: string; body: string }) =>
      /firebase/i.test(new URL(script.url).pathname) ||
      script.body.includes('@firebase/') ||
      script.body.includes('__FIREBASE_DEFAULTS__');

    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Go to the Tutor Portal' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter(firebaseCode).map((script) => script.url)).toEqual([]);

    // The same check sees Firebase as soon as an auth route needs it, so it cannot pass blindly.
    await page.getByRole('link', { name: 'Go to the Tutor Portal' }).click();
    await expect.poll(() => scripts.filter(firebaseCode).length).toBeGreaterThan(0);
  });
});

test('/home redirects to /', async ({ page }) => {
  await page.goto('/home');
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Welcome to the Tutoring Portal',
  );
});

test('an unknown path shows the not-found page with the popular pages', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveTitle('Page Not Found');
  await expect(page.getByText('This page does not exist.')).toBeVisible();
  const popular = page.getByRole('navigation', { name: 'Popular pages' });
  await expect(popular.getByRole('link', { name: /^Main website/ })).toHaveAttribute(
    'target',
    '_blank',
  );
  await expect(popular.getByRole('link', { name: 'Onboarding' })).toHaveAttribute(
    'href',
    '/onboarding',
  );
  await expect(popular.getByRole('link', { name: 'Tutoring Dashboard' })).toHaveAttribute(
    'href',
    '/tutoring',
  );
});
