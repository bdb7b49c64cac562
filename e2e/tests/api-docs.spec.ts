import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';

// The API reference at /docs (issue 38): Scalar's page, everything from the server itself, under
// its own CSP, showing an integration operation's query parameters and which key each
// operation takes, at desktop and phone widths.

/** CSP violations and failed loads the page reports, and requests that left this server. */
function watch(page: Page, baseURL: string | undefined) {
  const origin = new URL(baseURL ?? '').origin;
  const problems: string[] = [];
  const elsewhere: string[] = [];
  page.on('console', (message) => {
    // The browser's own request for a favicon is not the reference's (a stack without the
    // portal's build has none).
    if (message.location().url.endsWith('/favicon.ico')) return;
    if (message.type() === 'error' || /Content Security Policy/i.test(message.text())) {
      problems.push(`${message.text()} (${message.location().url})`);
    }
  });
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(origin) && !/^(data|blob):/.test(url)) elsewhere.push(url);
  });
  return { problems, elsewhere };
}

/** An operation of the reference: Scalar renders each as a region named by its summary. */
const operation = (page: Page, summary: string) =>
  page.getByRole('region', { name: summary, exact: true });

for (const width of [1280, 390]) {
  test(`the reference shows an integration feed's query parameters and key at ${width} px`, async ({
    page,
    baseURL,
  }) => {
    // Room for the one reload of Scalar's first render (below).
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 844 });
    const { problems, elsewhere } = watch(page, baseURL);
    const answer = await page.goto('/docs');
    expect(answer?.status()).toBe(200);
    expect(answer?.headers()['content-security-policy']).toContain(
      "style-src 'self' 'unsafe-inline'",
    );
    await page.goto('/docs/#tag/integration/GET/integration/v1/students');
    const feed = operation(
      page,
      "Students with their families' text state, a feed in commit order",
    );
    const query = feed.getByRole('list', { name: 'Query Parameters' });
    // Scalar renders the operation a hash names after it has laid out the whole document (the
    // first visit also compresses its 4.9 MB bundle): 10 s was not always enough on a loaded
    // machine (load average 11, the sidebar drawn, the operation not yet). Once (FRESH20) it drew
    // the document at its first group and never went to the hash: the page is then loaded once
    // more. What is tested here is what the reference shows, not how fast.
    await expect(query)
      .toBeVisible({ timeout: 25_000 })
      .catch(async () => {
        await page.reload();
        await expect(query).toBeVisible({ timeout: 25_000 });
      });
    for (const name of ['updatedSince', 'limit', 'cursor']) {
      await expect(query.getByText(name, { exact: true })).toBeVisible();
    }
    await feed.getByRole('button', { name: 'Auth Required' }).hover();
    await expect(page.getByText('integrationKey', { exact: true }).first()).toBeVisible();

    await page.goto('/docs/#tag/tutor/GET/tutor');
    await operation(page, 'Get the signed-in tutor')
      .getByRole('button', { name: 'Auth Required' })
      .hover();
    await expect(page.getByText('bearerAuth', { exact: true }).first()).toBeVisible();

    expect(problems).toEqual([]);
    expect(elsewhere).toEqual([]);
  });
}
