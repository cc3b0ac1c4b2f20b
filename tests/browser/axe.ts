/**
 * An accessibility audit of the open page with axe-core, injected under playwright-core: the
 * violations of impact serious or critical, each with the rule and the first few elements it hit.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const source = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeProblem {
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/** Serious and critical violations inside `context` (a selector; the whole page by default). */
export const axeAudit = async (page: Page, context = 'body'): Promise<AxeProblem[]> => {
  // Evaluated through the driver, not as a <script>: the studio's CSP forbids inline scripts.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(source);
  return page.evaluate(async (ctx) => {
    const axe = (
      window as unknown as {
        axe: {
          run(
            c: string,
            o: object,
          ): Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[] }>;
        };
      }
    ).axe;
    // label-content-name-mismatch (WCAG 2.5.3, label in name) is experimental in axe and off by
    // default; a Regicide page once had seven cards named "pick card card-6" while showing "4 ♥".
    const r = await axe.run(ctx, { resultTypes: ['violations'], rules: { 'label-content-name-mismatch': { enabled: true } } });
    return r.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({
        rule: v.id,
        impact: v.impact ?? '',
        help: v.help,
        targets: v.nodes.slice(0, 4).map((n) => String(n.target.join(' '))),
      }));
  }, context);
};
