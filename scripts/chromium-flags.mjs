// How our tools start Debian's Chromium: the end-to-end tests (playwright.config.ts) and the
// benchmarks (bench/config.mjs). As root in a container: no sandbox, no GPU, and none of the
// background traffic (updates, sync, QUIC probing) that would add noise to what is measured.
export const chromiumFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

// Chromium 156 draws the address bar's suggestions as a web page of its own, and builds it (a
// renderer process, about 400 files of chrome://resources, script run) for every new window,
// which is every new browser context under Playwright, even headless, where no address bar is
// ever shown. Measured on this 2-core machine: 1.6 s of a core per context in that renderer and
// about 0.3 s in the browser process, alongside the page a test or the phone bench loads
// (decision 041, eighth landing). A phone has no such window; a test never opens that popup.
const addressBarPopup = ['WebUIOmniboxPopup', 'WebUIOmniboxFullPopup', 'WebUIOmniboxAimPopup'];

// Chromium reads only the last --disable-features it is given, and Playwright passes its own list
// first: ours repeats that list (Playwright 1.65.1, packages/playwright-core/src/server/chromium/
// chromiumSwitches.ts) so that nothing it turns off comes back. e2e/browser.spec.ts fails when
// Playwright's list holds a feature this one lacks (after an upgrade).
const playwrightDisabledFeatures = [
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

/** The flags for a Chromium that Playwright launches: ours, and the features turned off. */
export const playwrightChromiumFlags = [...chromiumFlags, `--disable-features=${[...playwrightDisabledFeatures, ...addressBarPopup].join(',')}`];
