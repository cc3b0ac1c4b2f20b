/**
 * The shared build (tests/browser/global-setup.ts) served again with the rules of its own
 * `_headers` file, as a static host sends them, and a Chromium: for the tests of the studio's
 * policies (csp.browser.test.ts, isolatedFrame.browser.test.ts).
 */
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { readSiteHeaders } from '../../src/server/siteHeaders.ts';
import { launchChromium, serveDir, type Served } from './site.ts';

export const DIST = join(process.cwd(), 'dist');

export interface PolicySite {
  /** The served site, ending in '/'. */
  url(): string;
  browser(): Browser;
  /** A game opened under the policy, once compiled, with the page's errors and policy messages collected. */
  openUnderPolicy(id: string): Promise<{ context: BrowserContext; page: Page; problems: string[] }>;
}

export const usePolicySite = (): PolicySite => {
  let site: Served;
  let browser: Browser;
  beforeAll(async () => {
    site = await serveDir(DIST, readSiteHeaders(DIST));
    browser = await launchChromium();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });
  return {
    url: () => site.url,
    browser: () => browser,
    openUnderPolicy: async (id) => {
      const context = await browser.newContext({ viewport: { width: 1600, height: 950 } });
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('pageerror', (e) => problems.push(e.message));
      page.on('console', (m) => {
        if (/Content.Security.Policy|unsafe-eval|Refused to/i.test(m.text())) problems.push(m.text());
      });
      await page.goto(`${site.url}#/${id}`);
      await page.waitForFunction(() => document.querySelector('[data-testid=analysis-status]')?.textContent?.includes('compiled'), null, {
        timeout: 60_000,
      });
      return { context, page, problems };
    },
  };
};
