import { registerSchema } from '../shared/auth/schemas';
import { grantAdmin, grantPremium, register } from './accounts';
import { expect, expectAccessible, test } from './fixtures';
import { uniqueEmail } from '../server/test/unique-email';

/**
 * The header at every width from 320 to 1440 px in 16 px steps (docs/product.md §2): one row with
 * the site's name, the search and either the page links and account actions or the menu button.
 * Signed-in people have three account actions besides the four links, so their links and actions
 * move into the menu below 1024 px, a visitor's below 768 px.
 */

const widths = Array.from({ length: (1440 - 320) / 16 + 1 }, (_, i) => 320 + i * 16);
/** The widths looked at (screenshots) and scanned by axe: a phone, a tablet held upright, a small laptop, the desktop project's. */
const keyWidths = [375, 768, 1024, 1280];
/** The longest first name the account form accepts, as one word: nothing can break it. */
const longestFirstName = 'Wolfeschlegelsteinhausenbergerdorff'.repeat(3).slice(0, registerSchema.shape.firstName.maxLength ?? 0);

type Role = 'visitor' | 'free member' | 'premium member' | 'admin';

/** What the header's row shows at the current width, and every part of it outside the row or the screen. */
interface HeaderLayout {
  outside: string[];
  pageWidth: number;
  screenWidth: number;
  name: boolean;
  search: boolean;
  menuButton: boolean;
  pageLinks: boolean;
  accountActions: boolean;
}

// Runs in the page: self-contained.
function measureHeader(): HeaderLayout {
  const row = document.getElementById('main-navigation')!;
  const screenWidth = document.documentElement.clientWidth;
  const bar = row.getBoundingClientRect();
  const drawn = (element: Element | null) => {
    if (!element) return false;
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.height > 0;
  };
  const outside: string[] = [];
  if (bar.top < 0) outside.push(`the row starts ${-bar.top} px above the screen`);
  for (const element of row.querySelectorAll('*')) {
    if (!drawn(element)) continue;
    const box = element.getBoundingClientRect();
    const off = [
      box.top < bar.top - 0.5 && `${Math.round(bar.top - box.top)} px above the row`,
      box.bottom > bar.bottom + 0.5 && `${Math.round(box.bottom - bar.bottom)} px below the row`,
      box.left < -0.5 && `${Math.round(-box.left)} px left of the screen`,
      box.right > screenWidth + 0.5 && `${Math.round(box.right - screenWidth)} px right of the screen`,
    ].filter(Boolean);
    const label = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 24);
    if (off.length > 0) outside.push(`<${element.tagName.toLowerCase()}> "${label}" ${off.join(', ')}`);
  }
  return {
    outside,
    pageWidth: document.documentElement.scrollWidth,
    screenWidth,
    name: drawn(row.firstElementChild),
    search: [...row.querySelectorAll('[role="search"], a[href="/search"]')].some(drawn),
    menuButton: drawn(row.querySelector('button[aria-controls="mobile-menu"]')),
    pageLinks: ['/start-here', '/free-resources', '/premium', '/contact'].every((href) => drawn(row.querySelector(`a[href="${href}"]`))),
    accountActions: drawn(row.querySelector('a[href="/account"], a[href="/auth"]')),
  };
}

const roles: Role[] = ['visitor', 'free member', 'premium member', 'admin'];

test.describe('the header at every width', () => {
  for (const role of roles) {
    test(`keeps to its row from 320 to 1440 px for ${role === 'admin' ? 'an' : 'a'} ${role}, with the longest first name, and no page is wider than the screen`, async ({
      page,
      visit,
      playwright,
    }, info) => {
      test.skip(info.project.name !== 'desktop', 'sets its own widths');
      test.setTimeout(120_000);
      const signedIn = role !== 'visitor';
      if (signedIn) {
        const email = uniqueEmail(`header-${role.split(' ')[0]}`);
        // page.request shares the browser's cookies: the page is signed in afterwards.
        await register(page.request, email, longestFirstName);
        if (role === 'premium member') await grantPremium(playwright, info.project.name, email);
        if (role === 'admin') await grantAdmin(playwright, info.project.name, email);
      }
      // Below this width the page links and account actions are in the menu.
      const menuBelow = signedIn ? 1024 : 768;
      const problems: string[] = [];
      for (const path of signedIn ? ['/', '/account'] : ['/', '/contact']) {
        await visit(path);
        const row = page.getByRole('navigation', { name: 'Main' });
        // The account is known: the row is the member's or the visitor's, not the pending one.
        await expect(row.getByRole(signedIn ? 'button' : 'link', { name: signedIn ? 'Sign out' : 'Login' })).toBeVisible();
        for (const width of widths) {
          await page.setViewportSize({ width, height: 800 });
          const layout = await page.evaluate(measureHeader);
          const at = `${path} at ${width} px`;
          for (const part of layout.outside) problems.push(`${at}: ${part}`);
          if (layout.pageWidth > layout.screenWidth) problems.push(`${at}: the page is ${layout.pageWidth} px wide on a ${layout.screenWidth} px screen`);
          if (!layout.name || !layout.search) problems.push(`${at}: the name or the search is missing`);
          const inMenu = width < menuBelow;
          if (layout.menuButton !== inMenu) problems.push(`${at}: the menu button ${inMenu ? 'is missing' : 'is shown'}`);
          if (layout.pageLinks === inMenu) problems.push(`${at}: the page links ${inMenu ? 'are in the row' : 'are missing'}`);
          if (layout.accountActions === inMenu) problems.push(`${at}: the account actions ${inMenu ? 'are in the row' : 'are missing'}`);
        }
      }
      expect(problems).toEqual([]);

      // Looked at and scanned where the layout changes, on the page a member lands on.
      await visit('/');
      for (const width of keyWidths) {
        await page.setViewportSize({ width, height: 900 });
        await expectAccessible(page);
        await page.screenshot({ path: info.outputPath(`header-${role.replace(' ', '-')}-${width}.png`) });
        if (width >= menuBelow) continue;
        // Below it, the menu holds the page links and the account actions.
        await page.getByRole('button', { name: 'Open menu' }).click();
        const menu = page.locator('#mobile-menu');
        for (const name of ['Start Here', 'Free Resources', 'Premium', 'Contact', ...(signedIn ? ['Dashboard', 'Account'] : ['Login'])]) {
          await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
        }
        if (signedIn) await expect(menu.getByRole('button', { name: 'Sign out' })).toBeVisible();
        await expectAccessible(page);
        await page.screenshot({ path: info.outputPath(`header-${role.replace(' ', '-')}-${width}-menu.png`) });
        await page.keyboard.press('Escape');
        await expect(menu).toHaveCount(0);
      }
    });
  }
});
