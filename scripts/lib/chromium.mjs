// How the test layers launch Debian's chromium through Playwright (e2e and the Storybook test
// runner): the binary, and the switches these offline two-core machines need.

/** Debian's chromium: no tool here downloads a browser of its own. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The features Playwright 1.65 disables (its `--disable-features`, read from a launch: see
 * e2e/tests/chromium.spec.ts, which fails when Playwright's list has one this lacks). Chromium
 * honours only the last `--disable-features` on its command line, so a launch that disables
 * more must repeat these.
 */
export const playwrightDisabledFeatures = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * Chromium 156 prepares the address bar's WebUI popup (chrome://omnibox-popup.top-chrome, in a
 * renderer of its own) for every window, and Playwright opens a window per browser context: a
 * test never sees that popup, and it cost 0.6 s of CPU per context here (20 contexts: 21 s of
 * chromium's CPU with it, 9 s without).
 */
export const unusedBrowserUiFeatures = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

/** Switches for every launch: headless on a machine without GPU or network. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  `--disable-features=${[...playwrightDisabledFeatures, ...unusedBrowserUiFeatures].join(',')}`,
];
