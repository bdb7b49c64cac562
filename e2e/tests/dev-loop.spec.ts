import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { expect, test } from '@playwright/test';
import { type DevLoop, startDevLoop } from '../../scripts/dev.mjs';

// `pnpm dev` (scripts/dev.mjs) as a developer uses it: one URL serving the portal with the API
// proxied to the server, a saved change in the ui package reaching the open page through Vite's
// hot reload, and a saved change in the server restarting it. Its own ports and a fresh data
// folder, apart from the e2e stack's.
const offset = Number(process.env.E2E_PORT_OFFSET ?? 0);
const repoRoot = join(import.meta.dirname, '../..');
/** A file of each side the loop watches, and the line the test adds to it and takes out again. */
const watched = {
  ui: join(repoRoot, 'packages/ui/src/components/Notice/Notice.tsx'),
  server: join(repoRoot, 'apps/server/src/http/request-id.ts'),
};
const PROBE = '// dev-loop test: saved to see the change picked up';

/** Adds the probe line to a file; the returned function restores the file as it was. */
function touchWithProbe(file: string): () => void {
  const original = readFileSync(file, 'utf8');
  writeFileSync(file, `${original}${PROBE}\n`);
  return () => writeFileSync(file, original);
}

test.describe('pnpm dev', () => {
  test.describe.configure({ timeout: 240_000 });
  let loop: DevLoop;

  test.beforeAll(async () => {
    // A probe line an interrupted run left behind.
    for (const file of Object.values(watched)) {
      const text = readFileSync(file, 'utf8');
      if (text.includes(PROBE)) writeFileSync(file, text.replace(`${PROBE}\n`, ''));
    }
    loop = await startDevLoop({
      port: 5273 + offset,
      serverPort: 8281 + offset,
      authPort: 9087 + offset,
      hubPort: 4403 + offset,
      loggingPort: 4503 + offset,
      fresh: true,
      quiet: true,
    });
  });
  test.afterAll(async () => loop?.stop());

  test('serves the portal and the API on one URL, and picks up saved changes', async ({ page }) => {
    const hotUpdates: string[] = [];
    page.on('console', (message) => {
      if (message.text().includes('[vite] hot updated')) hotUpdates.push(message.text());
    });
    await page.goto(`${loop.url}auth`);
    await expect(page.getByRole('heading', { name: 'Sign in to Tutor Onboarding' })).toBeVisible();
    const health = await page.request.get(`${loop.url}api/healthz`);
    expect(health.status()).toBe(200);

    // The ui package: the open page is updated in place, without a reload.
    const restoreUi = touchWithProbe(watched.ui);
    try {
      await expect.poll(() => hotUpdates.join('\n'), { timeout: 30_000 }).toContain('Notice.tsx');
    } finally {
      restoreUi();
    }
    await expect(page.getByRole('heading', { name: 'Sign in to Tutor Onboarding' })).toBeVisible();

    // The server: restarted on save (tsx names the file), and listening again after it.
    const restarted = () => {
      // tsx colours its own lines.
      const output = stripVTControlCharacters(loop.server.output());
      const restart = output.lastIndexOf('request-id.ts Restarting');
      return restart >= 0 && output.indexOf('Tutoring server listening', restart) > restart;
    };
    const restoreServer = touchWithProbe(watched.server);
    try {
      await expect
        .poll(restarted, { timeout: 90_000, message: 'the server restarted after the save' })
        .toBe(true);
    } finally {
      restoreServer();
    }
    await expect
      .poll(async () => (await page.request.get(`${loop.url}api/readyz`)).status(), {
        timeout: 60_000,
      })
      .toBe(200);
  });
});
