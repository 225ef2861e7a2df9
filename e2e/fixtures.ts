import { createHash } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import axe, { type AxeResults } from 'axe-core';
import { expect, type Page, type TestInfo, test as base } from '@playwright/test';

/**
 * `test` with an accessibility check: every page a test visits through `visit()` is scanned
 * with axe, and the page a test ends on is scanned again, failing on any violation.
 */
export async function expectAccessible(page: Page): Promise<void> {
  await page.waitForLoadState('domcontentloaded');
  // Pages arrive as lazy chunks: scan the page once its heading is there, not the loading state.
  await page.locator('main h1').first().waitFor({ timeout: 15_000 });
  // The same document at the same width was scanned and passed in this worker (a test's last
  // page is often the one it visited last): the scan would find the same.
  const scanned = `${page.viewportSize()?.width} ${page.url()} ${createHash('sha256')
    .update(await page.content())
    .digest('base64')}`;
  if (passed.has(scanned)) return;
  // One pass in the page itself when there is no frame to enter: axe's frame-by-frame mode opens
  // a tab to put the frames' results together, which took 2.4 times as long for the same result
  // (decision 041). A sandboxed preview (the admin's editors) runs no script, so axe cannot enter
  // it: such a page is scanned in one pass with the preview left out (what is inside it is a page
  // scanned on its own). Only a page with a frame axe can enter goes through AxeBuilder.
  const sandboxed = await page.locator('iframe[sandbox]').count();
  const results = page.frames().length - sandboxed > 1 ? await new AxeBuilder({ page }).withTags(axeTags).analyze() : await scanInPage(page, sandboxed > 0);
  const summary = results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 5)
        .join('\n    ')}`,
  );
  expect(summary, `axe violations on ${page.url()}`).toEqual([]);
  passed.add(scanned);
}

/**
 * For a test that runs at one width because what it checks does not depend on it: the page as it
 * is now, scanned by axe and photographed at 1280 and 375 px (TestInfo's output folder,
 * `<name>-<width>.png`), then back at the desktop width.
 */
export async function atBothWidths(page: Page, info: TestInfo, name: string): Promise<void> {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await expectAccessible(page);
    await page.screenshot({ path: info.outputPath(`${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

const axeTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/**
 * axe run in the page, put there once per document: AxeBuilder's one-pass mode evaluated axe's
 * 570 KB source twice per scan (0.7-1.3 s a scan on a quiet machine, against 0.3-0.6 s for the
 * same rules run here, decision 041). Only violations are collected, the only results read.
 */
async function scanInPage(page: Page, leaveOutSandboxed: boolean): Promise<AxeResults> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  return page.evaluate(
    ({ tags, leaveOut }) =>
      (window as unknown as { axe: typeof axe }).axe.run(leaveOut ? { exclude: [['iframe[sandbox]']] } : document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
        iframes: false,
      }),
    { tags: axeTags, leaveOut: leaveOutSandboxed },
  );
}

/** The documents this worker has scanned without a violation (their width, address and HTML). */
const passed = new Set<string>();

export const test = base.extend<{ visit: (path: string) => Promise<void>; axeAtEnd: void }>({
  visit: async ({ page }, use) => {
    await use(async (path: string) => {
      await page.goto(path);
      // The settled page is the one scanned: the server's visitor state turns into a member's
      // page after hydration, through a loading state that has no heading of its own.
      await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
      await page.waitForLoadState('networkidle');
      await page.locator('main h1').first().waitFor();
      await expectAccessible(page);
    });
  },
  axeAtEnd: [
    async ({ page }, use) => {
      await use();
      if (page.url().startsWith('http')) await expectAccessible(page);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * Holds matching requests until `release()` (then they go on to the server, or get `fulfill`'s
 * answer): the pending state can be checked for as long as it takes, with no fixed sleep.
 */
export async function holdRoute(page: Page, pattern: string, fulfill?: { status: number; json: unknown }): Promise<{ release: () => void }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    await released;
    if (fulfill) await route.fulfill({ status: fulfill.status, contentType: 'application/json', body: JSON.stringify(fulfill.json) });
    else await route.continue();
  });
  return { release };
}
