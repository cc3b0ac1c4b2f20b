/**
 * The coverage of a Balance run: how much of the spec the games reached, what they never reached
 * (states, transitions, guard clauses, effects, moves, rule ids) and, for each house rule in
 * force, whether anything it changed ever fired. Each part with a place in the spec reveals it.
 * Worded in the interface's language; in English as the CLI's coverage report.
 */
import { Cited } from '../rules/Cited.tsx';
import { useRuleNotes } from '../rules/RulebookContext.tsx';
import type { DocPath } from '../../spec/diagnostics.ts';
import {
  unreached,
  type ClauseCoverage,
  type CoverageReport,
  type HouseRuleCoverage,
  type TransitionCoverage,
  type Unreached,
  type UnreachedItem,
} from '../../sim/coverageReport.ts';
import { t, useT } from '../i18n/index.ts';

interface Props {
  report: CoverageReport;
  onReveal?: (path: DocPath) => void;
}

/** One line per kind of part: how much of it play reached, the kinds' names in a column. */
export const summaryLines = (r: CoverageReport): string[] => {
  const count = <T,>(items: readonly T[], reached: (x: T) => boolean): { done: number; all: number } => ({
    done: items.filter(reached).length,
    all: items.length,
  });
  const rows: [string, string][] = [
    [
      t('coverage.states'),
      t(
        'coverage.statesEntered',
        count(r.states, (s) => s.entered > 0),
      ),
    ],
    [
      t('coverage.transitions'),
      t(
        'coverage.transitionsTaken',
        count(r.transitions, (x) => x.taken > 0),
      ),
    ],
    [
      t('coverage.clauses'),
      t('coverage.clausesRefused', {
        ...count(r.clauses, (c) => c.refused > 0),
        always: r.clauses.filter((c) => c.held === 0 && c.refused > 0).length,
      }),
    ],
    [
      t('coverage.effects'),
      t(
        'coverage.effectsRun',
        count(r.effects, (e) => e.runs > 0),
      ),
    ],
    [
      t('coverage.moves'),
      t(
        'coverage.movesMade',
        count(r.moves, (m) => m.made > 0),
      ),
    ],
    [
      t('coverage.rules'),
      t(
        'coverage.rulesExercised',
        count(r.rules, (x) => x.count > 0),
      ),
    ],
  ];
  const width = Math.max(...rows.map(([label]) => label.length)) + 2;
  return rows.map(([label, text]) => `${label.padEnd(width)}${text}`);
};

export const houseRuleLine = (h: HouseRuleCoverage): string =>
  h.counted === 0
    ? t('coverage.ruleUncounted', { variant: h.variant })
    : h.fired === 0
      ? t('coverage.ruleNeverFired', { variant: h.variant, counted: h.counted })
      : t('coverage.ruleFired', { variant: h.variant, fired: h.fired, counted: h.counted });

const transitionText = (x: Pick<TransitionCoverage, 'source' | 'target' | 'kind' | 'label'>): string =>
  `${x.source} ${x.target === null ? t('coverage.stays') : `→ ${x.target}`} (${x.kind === 'move' ? x.label : t('coverage.automatic', { id: x.label })})`;

const clauseText = (c: ClauseCoverage): string =>
  `${c.owner.kind === 'move' ? t('coverage.ofMove', { title: c.owner.title }) : transitionText(c.owner.transition)}: ${c.id ? `'${c.id}' ` : ''}${c.reason}`;

export const itemText = (item: UnreachedItem): string => {
  const x = item.transition;
  if (x)
    return x.refused > 0
      ? t('coverage.refusedTimes', { name: transitionText(x), n: x.refused })
      : t('coverage.neverTried', { name: transitionText(x) });
  return item.clause ? clauseText(item.clause) : item.text;
};

const TITLES: Record<Exclude<Unreached['kind'], 'houseRule'>, () => string> = {
  states: () => t('coverage.neverEntered'),
  transitions: () => t('coverage.neverTaken'),
  alwaysRefused: () => t('coverage.alwaysRefused'),
  neverTested: () => t('coverage.neverTested'),
  effects: () => t('coverage.neverRun'),
  moves: () => t('coverage.neverMade'),
  rules: () => t('coverage.neverExercised'),
};

export const listTitle = (u: Unreached): string =>
  u.kind === 'houseRule' ? t('coverage.ruleNeverFiredList', { variant: u.variant ?? '' }) : TITLES[u.kind]();

/** The lists a reader looks at first start open. */
const OPEN = new Set<Unreached['kind']>(['states', 'transitions', 'houseRule']);

export const CoverageSection = ({ report, onReveal }: Props) => {
  const tr = useT();
  const notes = useRuleNotes();
  return (
    <section className="coverage" data-testid="coverage" aria-label={tr('coverage.label')}>
      <h3 className="coverage-title">{tr('coverage.title', { games: report.games })}</h3>
      <pre className="coverage-summary">{summaryLines(report).join('\n')}</pre>
      {report.houseRules.map((h) => (
        <p
          key={h.variant}
          className={`coverage-rule ${h.counted > 0 && h.fired === 0 ? 'dead' : ''}`}
          data-testid={`coverage-rule-${h.variant}`}
        >
          {h.counted > 0 && h.fired === 0 ? '⚠ ' : ''}
          {houseRuleLine(h)}
        </p>
      ))}
      {unreached(report).map((u) => (
        <details key={u.title} className="coverage-list" open={OPEN.has(u.kind)}>
          <summary>{tr('coverage.listTitle', { title: listTitle(u), count: u.items.length })}</summary>
          <ul>
            {u.items.map((item, i) => (
              <li key={i}>
                {item.path && onReveal ? (
                  <button
                    type="button"
                    className="btn ghost small"
                    onClick={() => onReveal(item.path as DocPath)}
                    title={tr('coverage.showInSpec') + notes(itemText(item))}
                  >
                    {itemText(item)}
                  </button>
                ) : (
                  <Cited text={itemText(item)} />
                )}
              </li>
            ))}
          </ul>
        </details>
      ))}
    </section>
  );
};
