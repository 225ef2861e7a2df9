import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';

// The browser the tests and the phone bench drive (scripts/chromium-flags.mjs): a new window builds
// no address-bar popup page beside the page under test, and every feature Playwright turns off
// stays off, although Chromium reads only the last --disable-features, ours.
test.describe('the browser the tests drive', () => {
  const once = 'one browser for both projects: checked once';

  test('opens a window without building the address bar popup', async ({ browser }, testInfo) => {
    test.skip(testInfo.project.name === 'mobile', once);
    const context = await browser.newContext();
    await context.newPage();
    const cdp = await browser.newBrowserCDPSession();
    const { targetInfos } = await cdp.send('Target.getTargets');
    await context.close();
    expect(targetInfos.map((target) => target.url).filter((url) => url.startsWith('chrome://omnibox-popup'))).toEqual([]);
    expect(targetInfos.filter((target) => target.type === 'page')).toHaveLength(1);
  });

  test('keeps off every feature Playwright turns off', async ({ playwright, launchOptions }, testInfo) => {
    test.skip(testInfo.project.name === 'mobile', once);
    const server = await playwright.chromium.launchServer(launchOptions);
    try {
      const argv = readFileSync(`/proc/${server.process().pid}/cmdline`, 'utf8').split('\0');
      const lists = argv.filter((arg) => arg.startsWith('--disable-features=')).map((arg) => arg.slice('--disable-features='.length).split(','));
      // Playwright's own list first, ours last: the one Chromium reads.
      expect(lists).toHaveLength(2);
      const [playwrights, read] = lists as [string[], string[]];
      expect(playwrights.filter((feature) => !read.includes(feature))).toEqual([]);
    } finally {
      await server.close();
    }
  });
});
