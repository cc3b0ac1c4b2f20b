/**
 * The coverage of a Balance run: how much of the spec the games reached, what they never reached
 * (states, transitions, guard clauses, effects, moves, rule ids) and, for each house rule in
 * force, whether anything it changed ever fired. Each part with a place in the spec reveals it.
 */
import type { DocPath } from '../../spec/diagnostics.ts';
import { coverageSummary, houseRuleLine, unreached, type CoverageReport } from '../../sim/coverageReport.ts';

interface Props {
  report: CoverageReport;
  onReveal?: (path: DocPath) => void;
}

export const CoverageSection = ({ report, onReveal }: Props) => (
  <section className="coverage" data-testid="coverage" aria-label="Coverage">
    <h3 className="coverage-title">Coverage of {report.games} games</h3>
    <pre className="coverage-summary">{coverageSummary(report).join('\n')}</pre>
    {report.houseRules.map((h) => (
      <p key={h.variant} className={`coverage-rule ${h.counted > 0 && h.fired === 0 ? 'dead' : ''}`} data-testid={`coverage-rule-${h.variant}`}>
        {h.counted > 0 && h.fired === 0 ? '⚠ ' : ''}
        {houseRuleLine(h)}
      </p>
    ))}
    {unreached(report).map((u) => (
      <details key={u.title} className="coverage-list" open={u.title.startsWith('States') || u.title.startsWith('Transitions') || u.title.startsWith('House')}>
        <summary>
          {u.title} ({u.items.length})
        </summary>
        <ul>
          {u.items.map((item, i) => (
            <li key={i}>
              {item.path && onReveal ? (
                <button type="button" className="btn ghost small" onClick={() => onReveal(item.path as DocPath)} title="Show it in the spec">
                  {item.text}
                </button>
              ) : (
                item.text
              )}
            </li>
          ))}
        </ul>
      </details>
    ))}
  </section>
);
