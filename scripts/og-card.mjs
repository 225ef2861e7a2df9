// Draws the site's social card (og:image, 1200×630) as HTML and screenshots it in Chromium to
// client/public/og-card.png, which is committed: run `node scripts/og-card.mjs` after changing
// the design or the facts it shows. Text uses Liberation/DejaVu fonts, which Debian has.
import { chromium } from '@playwright/test';

const output = new URL('../client/public/og-card.png', import.meta.url).pathname;
const pillars = ['Impact', 'Humans', 'Fuel', 'Gears', 'Future'];

const html = `<!doctype html>
<html><head><meta charset="utf-8"><style>
  * { box-sizing: border-box; margin: 0; }
  body { width: 1200px; height: 630px; overflow: hidden; font-family: 'Liberation Sans', 'DejaVu Sans', sans-serif;
    background: linear-gradient(135deg, #0c4a44 0%, #0f5e56 55%, #137368 100%); color: #fff; }
  .card { position: relative; height: 100%; padding: 64px 72px; display: flex; flex-direction: column; }
  .brand { display: flex; align-items: center; gap: 20px; font-family: 'Liberation Serif', 'DejaVu Serif', serif; font-size: 40px; font-weight: 700; }
  .brand svg { width: 72px; height: 72px; border-radius: 16px; box-shadow: 0 0 0 3px rgba(255,255,255,.35); }
  h1 { margin-top: 56px; max-width: 900px; font-family: 'Liberation Serif', 'DejaVu Serif', serif; font-size: 68px; line-height: 1.08; font-weight: 700; letter-spacing: -0.5px; }
  .offer { margin-top: 28px; font-size: 28px; color: #d5f1ec; }
  .pillars { position: absolute; left: 72px; right: 72px; bottom: 64px; display: flex; gap: 16px; }
  .pillar { flex: 1; padding: 16px 0; border-radius: 12px; text-align: center; font-size: 26px; font-weight: 700;
    background: rgba(255,255,255,.12); border: 2px solid rgba(255,255,255,.28); }
  .accent { position: absolute; top: 64px; right: 72px; padding: 10px 22px; border-radius: 999px; background: #fdecd3; color: #933f08; font-size: 24px; font-weight: 700; }
</style></head>
<body><div class="card">
  <div class="brand">
    <svg viewBox="0 0 64 64" aria-hidden="true"><rect width="64" height="64" rx="14" fill="#fff"/><path d="M18 46V18h6l16 18V18h6v28h-6L24 28v18z" fill="#0f5e56"/></svg>
    Nonprofit Leaders Hub
  </div>
  <div class="accent">Free to start</div>
  <h1>Run a healthier nonprofit, with peers who get it.</h1>
  <p class="offer">Five field guides · a 10-minute Check-Up · The Weekly Dish · 500+ leaders</p>
  <div class="pillars">${pillars.map((name) => `<div class="pillar">${name}</div>`).join('')}</div>
</div></body></html>`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless=new', '--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1200, height: 630 }, deviceScaleFactor: 1 });
  await page.setContent(html);
  await page.screenshot({ path: output, type: 'png' });
  console.log(`wrote ${output}`);
} finally {
  await browser.close();
}
