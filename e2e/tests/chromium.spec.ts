import { readFileSync } from 'node:fs';
import { type BrowserServer, chromium, expect, test } from '@playwright/test';
import {
  chromiumArgs,
  chromiumPath,
  playwrightDisabledFeatures,
  unusedBrowserUiFeatures,
} from '../../scripts/lib/chromium.mjs';

// The switches the test layers launch chromium with (scripts/lib/chromium.mjs). Chromium honours
// only the last --disable-features on its command line: the suites' own list must carry every
// feature Playwright disables, or adding one would silently turn Playwright's back on.

/** The features a running browser disables: its last --disable-features, read from /proc. */
function disabledFeaturesOf(server: BrowserServer): string[] {
  const pid = server.process().pid;
  if (pid === undefined) throw new Error('the browser has no process id');
  const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
  const last = args.findLast((arg) => arg.startsWith('--disable-features='));
  return last ? last.slice('--disable-features='.length).split(',') : [];
}

/** The chrome:// address-bar popups the browser holds, after a window has opened. */
async function omniboxPopups(server: BrowserServer): Promise<string[]> {
  const browser = await chromium.connect(server.wsEndpoint());
  try {
    const context = await browser.newContext();
    await (await context.newPage()).goto('data:text/html,<h1>window</h1>');
    const cdp = await browser.newBrowserCDPSession();
    // Chromium opens the popup's page a moment after the window: given 2 s, as the check below
    // waits for one to show up with Playwright's switches alone.
    const popups = async () => {
      const { targetInfos } = (await cdp.send('Target.getTargets', { filter: [{}] })) as {
        targetInfos: { url: string }[];
      };
      return targetInfos
        .map(({ url }) => url)
        .filter((url) => url.startsWith('chrome://omnibox-popup'));
    };
    let found = await popups();
    for (let waited = 0; found.length === 0 && waited < 2_000; waited += 250) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      found = await popups();
    }
    return found;
  } finally {
    await browser.close();
  }
}

test("the suites' chromium keeps every feature Playwright disables, and opens no address-bar popup per window", async () => {
  const playwrightOnly = await chromium.launchServer({
    executablePath: chromiumPath,
    args: ['--no-sandbox', '--disable-gpu'],
  });
  const suites = await chromium.launchServer({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    const playwrights = disabledFeaturesOf(playwrightOnly);
    expect(playwrights.length).toBeGreaterThan(0);
    expect(
      playwrights.filter((feature) => !playwrightDisabledFeatures.includes(feature)),
      "features Playwright disables that scripts/lib/chromium.mjs's list lacks (add them there)",
    ).toEqual([]);
    expect(disabledFeaturesOf(suites)).toEqual(
      expect.arrayContaining([...playwrights, ...unusedBrowserUiFeatures]),
    );

    // What the switches are for: Playwright's alone leave the popup in every window.
    expect(await omniboxPopups(playwrightOnly)).not.toEqual([]);
    expect(await omniboxPopups(suites)).toEqual([]);
  } finally {
    await playwrightOnly.close();
    await suites.close();
  }
});
