/**
 * The Balance panel's words (issue 34): in English its report, coverage and captions read as the
 * CLI's, word for word; in Russian the same report is in Russian, with its plural forms and
 * numbers written the Russian way.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { balance, compareBalance, formatBalance, formatComparison, type BalanceReport } from '../../src/sim/balance.ts';
import { compileForCoverage, newCounts, playCounted } from '../../src/sim/coverage.ts';
import {
  coverageReport,
  coverageSummary,
  houseRuleChanges,
  houseRuleLine as cliHouseRuleLine,
  unreached,
} from '../../src/sim/coverageReport.ts';
import { playRange } from '../../src/sim/simulate.ts';
import { houseRuleLine, itemText, listTitle, summaryLines } from '../../src/studio/balance/CoverageSection.tsx';
import { balanceLines, comparisonLines } from '../../src/studio/balance/reportText.ts';
import { engineLine } from '../../src/studio/engineLine.ts';
import { mergeEngines } from '../../src/studio/balance/pool.ts';
import { readReply } from '../../src/studio/sandbox/frameClient.ts';
import { lengthChart, metricCaption, rateChart } from '../../src/studio/balance/charts.ts';
import { sweepCharts } from '../../src/studio/balance/sweepCharts.ts';
import { sweepPoint } from '../../src/sim/sweep.ts';
import { switchLanguage } from '../../src/studio/i18n/translate.ts';
import { compile } from '../helpers/games.ts';

afterEach(() => switchLanguage('en'));

const runs = () => {
  const game = compile('ten-thousand');
  const a = playRange(game, { seed: 1, bots: ['careful', 'random'], rotate: true }, 0, 20);
  const b = playRange(game, { seed: 1, bots: ['random', 'random'], rotate: true }, 0, 20);
  const run = { seed: 1, players: 2, bots: ['careful', 'random'] };
  return { a, b, ra: balance(game, a, run), rb: balance(game, b, { ...run, variants: ['joker'] }) };
};

describe('the Balance report in the studio', () => {
  it('reads in English as the CLI prints it', () => {
    const { a, b, ra, rb } = runs();
    expect(balanceLines(ra)).toEqual(formatBalance(ra));
    expect(comparisonLines(compareBalance(ra, rb, a, b))).toEqual(formatComparison(compareBalance(ra, rb, a, b)));
  });

  it("says which engine ran the rules (issue 33): the process's own unless the run names another, in each language", () => {
    const { ra } = runs();
    expect(ra.engine).toBe('interpreter');
    expect(balanceLines(ra)).toContain('  engine: interpreter');
    switchLanguage('ru');
    expect(balanceLines(ra)).toContain('  движок: интерпретатор');
    expect(balanceLines({ ...ra, engine: 'compiled' })).toContain(
      '  движок: компилированный (JavaScript, созданный из проверенных правил)',
    );
    // The studio's page plays in the isolated frame's workers: the run names their engine.
    const game = compile('ten-thousand');
    expect(balance(game, [], { seed: 1, players: 2, engine: 'compiled' }).engine).toBe('compiled');
  });

  it('says under the results where the rules ran and why not compiled, in each language (issue 33)', () => {
    const compiled = { engine: 'compiled', fallbacks: 0, reason: undefined } as const;
    const partial = { engine: 'compiled', fallbacks: 2, reason: 'generated code failed the allow-list: x' } as const;
    const interpreted = { engine: 'interpreter', fallbacks: 0, reason: undefined } as const;
    expect(engineLine(compiled, undefined)).toBe(
      "The rules ran compiled to JavaScript, in an isolated frame that reaches none of the studio's storage or network.",
    );
    expect(engineLine(partial, undefined)).toBe(
      'The rules ran compiled to JavaScript, in an isolated frame; 2 expressions ran on the interpreter: generated code failed the allow-list: x',
    );
    expect(engineLine(interpreted, 'unserved')).toMatch(/^The rules ran on the interpreter: this site does not serve the isolated frame/);
    // Offline the frame cannot load: the line says so, and that it comes back online.
    expect(engineLine(interpreted, 'offline')).toBe(
      'The rules ran on the interpreter: the isolated frame that compiled rules run in cannot load offline. Back online, the next run is compiled again.',
    );
    // A compiled run says nothing of a frame that failed before it.
    expect(engineLine(compiled, 'offline')).toMatch(/^The rules ran compiled/);
    switchLanguage('ru');
    expect(engineLine({ ...partial, fallbacks: 5 }, undefined)).toContain('5 выражений выполнялись интерпретатором');
    expect(engineLine(interpreted, 'offline')).toContain('без сети');
    switchLanguage('ro');
    expect(engineLine({ ...partial, fallbacks: 1 }, undefined)).toContain('1 expresie a rulat în interpretor');
    expect(engineLine(interpreted, 'offline')).toContain('fără rețea');
    switchLanguage('bg');
    expect(engineLine(interpreted, 'unserved')).toMatch(/^Правилата се изпълниха от интерпретатора/);
    expect(engineLine(interpreted, 'offline')).toContain('без мрежа');
  });

  it("reads a run's workers as one engine: compiled only if every worker said so, fallbacks added up", () => {
    const compiled = { engine: 'compiled', fallbacks: 0, reason: undefined } as const;
    expect(mergeEngines([compiled, compiled])).toEqual(compiled);
    expect(mergeEngines([compiled, { engine: 'compiled', fallbacks: 3, reason: 'r' }])).toEqual({
      engine: 'compiled',
      fallbacks: 3,
      reason: 'r',
    });
    expect(mergeEngines([compiled, { engine: 'interpreter', fallbacks: 0, reason: undefined }]).engine).toBe('interpreter');
    expect(mergeEngines([]).engine).toBe('interpreter');
    // A frame's reply is not trusted: a count that is not a count adds nothing.
    expect(
      mergeEngines([
        { ...compiled, fallbacks: -4 },
        { ...compiled, fallbacks: Number.NaN },
      ]).fallbacks,
    ).toBe(0);
  });

  it("passes on only replies of a worker's shape from the isolated frame", () => {
    expect(readReply({ kind: 'game' })).toEqual({ kind: 'game' });
    expect(readReply({ kind: 'error', error: 'x.yaml:1:1: error: no' })).toEqual({ kind: 'error', error: 'x.yaml:1:1: error: no' });
    expect(readReply({ kind: 'done', records: [], engine: { engine: 'compiled', fallbacks: 0 } })?.kind).toBe('done');
    expect(readReply({ kind: 'done', records: 'all of them', engine: {} })).toBeNull();
    expect(readReply({ kind: 'done', records: [] })).toBeNull();
    expect(readReply({ kind: 'spawn' })).toBeNull();
    expect(readReply(null)).toBeNull();
  });

  /** The panel's lines are the CLI's; its line of what the bots spent reads `english`, and `russian` in Russian. */
  const expectSpendLine = (report: BalanceReport, english: string, russian: string): void => {
    expect(balanceLines(report)).toEqual(formatBalance(report));
    expect(balanceLines(report)[1]).toBe(english);
    switchLanguage('ru');
    expect(balanceLines(report)[1]).toBe(russian);
  };

  it('names what the bots spent, in English as the CLI prints it and in Russian', () => {
    const { a } = runs();
    const report = balance(compile('ten-thousand'), a, {
      seed: 1,
      players: 2,
      bots: ['mcts:careful', 'greedy'],
      botOptions: { iterations: 50, timeMs: 400, rolloutTurns: 1, learning: ['mast'] },
    });
    expectSpendLine(
      report,
      '  search: 50 iterations or 400 ms a move, whichever comes first, playouts of 1 turn, learning mast; greedy: 6 samples a move',
      '  поиск: 50 итераций или 400 мс на ход, что наступит раньше, симуляции на 1 ход, обучение: mast; greedy: 6 проб на ход',
    );
  });

  it('names the searches that play to the end beside those whose playouts stop after a turn by default', () => {
    const { a } = runs();
    const report = balance(compile('ten-thousand'), a, { seed: 1, players: 2, bots: ['mcts', 'mcts:careful'], botOptions: {} });
    expectSpendLine(
      report,
      '  search: 150 iterations a move, playouts of 1 turn (to the end for mcts:careful), learning mast, frugal, antidecisive',
      '  поиск: 150 итераций на ход, симуляции на 1 ход (до конца партии у mcts:careful), обучение: mast, frugal, antidecisive',
    );
  });

  it('reads in Russian, with its plurals and decimal commas', () => {
    const { ra } = runs();
    switchLanguage('ru');
    const lines = balanceLines(ra);
    expect(lines[0]).toBe('Баланс игры 10,000: 20 партий, 2 игрока, зерно 1, боты careful, random');
    expect(lines.join('\n')).toMatch(/\d+,\d\s%/);
    expect(lines.join('\n')).not.toMatch(/\b(wins|mean|median|ties|stopped|turns|moves)\b/);
  });
});

describe('the charts in the studio', () => {
  it("name their data and axes in Russian (the spec's names and titles aside)", () => {
    const { ra } = runs();
    switchLanguage('ru');
    const runsShown = [{ name: 'правила', report: ra }];
    const rates = rateChart(runsShown);
    const lengths = lengthChart(runsShown);
    const sweep = sweepCharts([sweepPoint({ entry: 0 }, ra), sweepPoint({ entry: 500 }, ra)], 'entry');
    const words = [
      ...(rates.data.labels as string[]).filter((l) => !l.startsWith('Player') && !/careful|random/.test(l)),
      ...rates.data.datasets.map((d) => d.label ?? ''),
      String(rates.options?.scales?.y?.title?.text),
      String(lengths.options?.scales?.x?.title?.text),
      String(lengths.options?.scales?.y?.title?.text),
      ...metricCaption(runsShown, 'margin').map((c) => c.replace(/^[^:]+:/, '')),
      ...[sweep.wins, sweep.turns, ...(sweep.advantage ? [sweep.advantage] : [])].flatMap((c) => [
        String(c.options?.scales?.y?.title?.text),
        ...c.data.datasets.map((d) => d.label ?? ''),
      ]),
    ].join(' | ');
    expect(words).not.toMatch(/\b(win|games|turns|moves|mean|median|over|advantage|players)\b/);
    expect(words).toMatch(/партий/);
  });
});

describe('the coverage in the studio', () => {
  const dir = join(import.meta.dirname, '..', 'sim', 'fixtures', 'coverage');
  const file = (name: string) => ({ file: join(dir, name), text: readFileSync(join(dir, name), 'utf8') });
  const base = file('game.yaml');
  const variants = [file('variants/dead-rule.yaml'), file('variants/live-rule.yaml')];
  const report = () => {
    const counts = newCounts();
    const { game, diagnostics } = compileForCoverage({ base, variants }, counts);
    if (!game) throw new Error(diagnostics.map((d) => d.message).join('\n'));
    playCounted(game, counts, { seed: 1, players: 2 }, 0, 10);
    return coverageReport(game, counts, houseRuleChanges(base, variants));
  };

  it('reads in English as the CLI prints it: summary, house rules, what was never reached', () => {
    const r = report();
    expect(summaryLines(r)).toEqual(coverageSummary(r));
    expect(r.houseRules.map(houseRuleLine)).toEqual(r.houseRules.map(cliHouseRuleLine));
    const lists = unreached(r);
    expect(lists.map((u) => [listTitle(u), u.items.map(itemText)])).toEqual(lists.map((u) => [u.title, u.items.map((i) => i.text)]));
    // The fixture has guard clauses, transitions and a dead house rule: the words above are tested.
    expect(lists.map((u) => u.kind)).toEqual(expect.arrayContaining(['transitions', 'alwaysRefused', 'houseRule']));
  });

  it('reads in Russian', () => {
    const r = report();
    switchLanguage('ru');
    expect(summaryLines(r)[0]).toMatch(/^состояния\s+\d+ из \d+ посещены$/);
    expect(unreached(r).map(listTitle)).toContain('Непройденные переходы');
  });
});
