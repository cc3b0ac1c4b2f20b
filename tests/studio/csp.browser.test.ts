/**
 * Issue 16: the built studio runs under a Content-Security-Policy without `unsafe-eval` and
 * without inline scripts, in Chromium. The policy comes as a meta tag in the page and, here, also
 * as a header on every file, so the workers (compile, Monaco, ELK, Balance, the hint) run under it too. Any
 * violation is reported by the browser; the test collects them from the page and the console.
 * Validation in the browser uses ajv's standalone code and says exactly what the CLI says.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY, FRAME_HEADER_POLICY, STUDIO_HEADER_POLICY } from '../../src/studio/contentSecurityPolicy.ts';
import { parseSpecText } from '../../src/parse/index.ts';
import { validateSpec } from '../../src/validate/index.ts';
import { readSiteHeaders } from '../../src/server/siteHeaders.ts';
import { DIST, usePolicySite } from '../browser/policySite.ts';

const studio = usePolicySite();

describe('the studio under a Content-Security-Policy', () => {
  it("the build ships its policy as headers too, for the workers (_headers), and the isolated frame's own on the frame's page", () => {
    const headers = readSiteHeaders(DIST);
    for (const path of ['/', '/index.html', '/assets/compile.worker-x.js', '/sw.js'])
      expect(headers(path)).toEqual({ 'content-security-policy': STUDIO_HEADER_POLICY });
    expect(headers('/sandbox.html')).toEqual({ 'content-security-policy': FRAME_HEADER_POLICY });
  });

  it('the policy forbids eval and inline scripts, and the built page has none', () => {
    const policy = Object.fromEntries(CONTENT_SECURITY_POLICY.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));
    expect(policy['script-src']).toEqual(["'self'"]);
    expect(policy['worker-src']).toEqual(["'self'"]);
    expect(CONTENT_SECURITY_POLICY).not.toContain('unsafe-eval');
    const html = readFileSync(join(DIST, 'index.html'), 'utf8');
    expect(html).toContain('http-equiv="Content-Security-Policy"');
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attrs, body] of scripts) {
      expect(attrs).toMatch(/\bsrc=/);
      expect(body?.trim()).toBe('');
    }
  });

  it('opens a game, lays out its diagram (ELK worker) and validates an edit in the compile worker with the standalone validators: no violation', async () => {
    const context = await studio.browser().newContext({ viewport: { width: 1600, height: 950 } });
    await context.addInitScript(() => {
      const seen: string[] = [];
      (globalThis as { __cspViolations?: string[] }).__cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
    });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(e.message));
    page.on('console', (m) => {
      if (/Content.Security.Policy|unsafe-eval|Refused to/i.test(m.text())) problems.push(m.text());
    });

    await page.goto(`${studio.url()}#/ten-thousand`);
    await page.waitForSelector('[data-testid=editor] .monaco-editor .view-lines', { timeout: 60_000 });
    await page.waitForFunction(() => document.querySelector('[data-testid=analysis-status]')?.textContent?.includes('compiled'), null, {
      timeout: 60_000,
    });
    await page.waitForSelector('[data-testid=diagram] svg', { timeout: 60_000 });
    await page.waitForSelector('[data-testid=board] .board-table', { timeout: 30_000 });

    // A schema error, explained in the browser by the standalone validators.
    await page.focus('[data-testid=editor] .monaco-editor textarea');
    await page.keyboard.press('Control+Home');
    await page.keyboard.type('bogusKey: 1\n');
    const diagnostic = page.locator('[data-testid=diagnostics] .diagnostic.error', { hasText: 'bogusKey' }).first();
    await diagnostic.waitFor({ timeout: 30_000 });
    const text = `bogusKey: 1\n${readFileSync('games/ten-thousand/game.yaml', 'utf8')}`;
    const parsed = parseSpecText(text, 'game.yaml');
    const expected = parsed.doc ? validateSpec(parsed.doc).map((d) => d.message) : [];
    expect(expected.length).toBeGreaterThan(0);
    const shown = (await diagnostic.textContent()) ?? '';
    expect(expected.some((message) => shown.includes(message))).toBe(true);
    await page.keyboard.press('Control+z');

    const violations = (): Promise<string[]> => page.evaluate(() => (globalThis as { __cspViolations?: string[] }).__cspViolations ?? []);
    expect(await violations()).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  }, 400_000);

  it("plays games in the Balance panel's workers under the policy", async () => {
    const { context, page, problems } = await studio.openUnderPolicy('ten-thousand');
    await page.getByRole('region', { name: 'Balance' }).locator('.pane-head').click();
    await page.fill('[data-testid=balance-games]', '10');
    await page.click('[data-testid=balance-run]');
    await page.waitForSelector('[data-testid=balance-result]', { timeout: 120_000 });
    expect(problems).toEqual([]);
    await context.close();
  }, 200_000);

  it("gives the playtest's hint from its worker under the policy", async () => {
    const { context, page, problems } = await studio.openUnderPolicy('ten-thousand');
    await page.click('[data-testid=hint]');
    await page.waitForSelector('[data-testid=hint-move], [data-testid=hint-error]', { timeout: 60_000 });
    expect(await page.locator('[data-testid=hint-error]').count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);
});
