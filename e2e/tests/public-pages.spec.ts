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

const errorPages = [
  { path: '/no/such/page', title: 'Page Not Found', message: 'This page does not exist.' },
  {
    path: '/error400',
    title: 'Bad Request',
    message: 'Something went wrong with your request. Please check your input and try again.',
  },
  {
    path: '/error500',
    title: 'Server Error',
    message: 'Oops! Something went wrong on our end. Please try again later.',
  },
] as const;

for (const errorPage of errorPages) {
  test(`${errorPage.path} shows '${errorPage.title}', its message and the popular pages`, async ({
    page,
  }) => {
    await page.goto(errorPage.path);
    await expect(page).toHaveTitle(errorPage.title);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(errorPage.title);
    await expect(page.getByRole('main')).toContainText(errorPage.message);
    const popular = page.getByRole('region', { name: 'Popular pages' });
    const mainWebsite = popular.getByRole('link', { name: 'Main website (opens in a new tab)' });
    await expect(mainWebsite).toHaveAttribute('href', /^https:\/\//);
    await expect(mainWebsite).toHaveAttribute('target', '_blank');
    await expect(popular.getByRole('link', { name: 'Onboarding' })).toHaveAttribute(
      'href',
      '/onboarding',
    );
    await expect(popular.getByRole('link', { name: 'Tutoring Dashboard' })).toHaveAttribute(
      'href',
      '/tutoring',
    );
  });
}

test('/credits lists the three tools with an external link each', async ({ page }) => {
  await page.goto('/credits');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Credits');
  const tools = page.getByRole('main').getByRole('listitem');
  await expect(tools).toHaveCount(3);
  for (const title of ['Form Builder', 'Scheduling Service', 'Video Platform']) {
    const tool = tools.filter({ has: page.getByRole('heading', { name: title }) });
    await expect(tool.locator('p')).not.toBeEmpty();
    const link = tool.getByRole('link', { name: `Visit ${title} (opens in a new tab)` });
    await expect(link).toHaveAttribute('href', /^https:\/\//);
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  }
});

test.describe('/signin.html', () => {
  test('with a token, goes to /auth/ keeping the whole query string', async ({ page }) => {
    await page.goto('/signin.html?token=abc123&email=sam.rivera%40example.com');
    await expect(page).toHaveURL('/auth/?token=abc123&email=sam.rivera%40example.com');
  });

  test('without a token, goes to /auth', async ({ page }) => {
    await page.goto('/signin.html?email=sam.rivera%40example.com');
    await expect(page).toHaveURL('/auth');
  });
});

test('/logout without a session confirms the sign-out and links home', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => {
    localStorage.setItem('magicIdToken', 'magic-token');
    localStorage.setItem('magicUserId', 'uid-sam');
  });
  await page.goto('/logout');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('You have been logged out.');
  const stored = await page.evaluate(() =>
    ['idToken', 'magicIdToken', 'magicUserId'].map((key) => localStorage.getItem(key)),
  );
  expect(stored).toEqual([null, null, null]);
  await page.getByRole('link', { name: 'Return to home' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Welcome to the Tutoring Portal',
  );
});

test('the public pages download no Firebase code', async ({ page }) => {
  const firebaseScripts: string[] = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const body = await response.text().catch(() => '');
    if (
      /firebase/i.test(new URL(response.url()).pathname) ||
      body.includes('@firebase/') ||
      body.includes('__FIREBASE_DEFAULTS__')
    ) {
      firebaseScripts.push(response.url());
    }
  });
  const pages = [
    { path: '/credits', heading: 'Credits' },
    { path: '/error400', heading: 'Bad Request' },
    { path: '/error500', heading: 'Server Error' },
    { path: '/no/such/page', heading: 'Page Not Found' },
    // A visitor who never signed in: nothing to sign out of, so no Firebase either.
    { path: '/logout', heading: 'You have been logged out.' },
  ];
  for (const { path, heading } of pages) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await page.waitForLoadState('networkidle');
  }
  expect(firebaseScripts).toEqual([]);
});
