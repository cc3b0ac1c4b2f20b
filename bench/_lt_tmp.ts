import { join } from 'node:path';
import { launchChromium, serveDir, shippedHeaders } from '../tests/browser/site.ts';
const DIST = join('/work/main', 'dist');
const site = await serveDir(DIST, shippedHeaders(DIST));
const browser = await launchChromium();
const context = await browser.newContext({ viewport: { width: 1600, height: 950 } });
const page = await context.newPage();
page.on('console', (m) => console.log('console:', m.type(), m.text().slice(0, 300)));
page.on('pageerror', (e) => console.log('pageerror:', e.message));
await page.goto(`${site.url}#/regicide`);
await page.waitForFunction(() => document.querySelector('[data-testid=analysis-status]')?.textContent?.includes('compiled'), null, {
  timeout: 60000,
});
await page.selectOption('[data-testid=bot-speed]', 'fast');
await page.selectOption(`[data-testid=seat-0]`, 'mcts');
await page.waitForTimeout(8000);
console.log('log entries', await page.locator('[data-testid=log] .log-entry').count());
console.log('notice', await page.locator('[data-testid=notice]').allTextContents());
console.log(
  'frames',
  page.frames().map((f) => f.url()),
);
await context.close();
await browser.close();
await site.close();
