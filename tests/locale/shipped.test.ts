/**
 * The shipped translations: every game has bg, ro and ru files, each clean (no error, no warning,
 * over the base game and every variant) and complete (no text left in English); and a translated
 * game plays exactly as the English one: the same seed and moves give the same states, legal
 * moves and number of log lines, only the texts differ.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { listGames } from '../../src/cli/catalog.ts';
import { formatMissing, translationReport } from '../../src/cli/translation.ts';
import { compileGame, type CompiledGame } from '../../src/compile/index.ts';
import { legalMoves, logText, newGame, step, type GameState } from '../../src/engine/index.ts';
import { withRequirements } from '../../src/variants/requirements.ts';
import { formatDiagnostic } from '../../src/spec/diagnostics.ts';
import { GAMES, source } from '../helpers/games.ts';

const LANGUAGES = ['bg', 'ro', 'ru'];
const games = listGames();

const localeFile = (game: string, lang: string) => {
  const file = join(GAMES, game, 'locales', `${lang}.yaml`);
  return { file, text: readFileSync(file, 'utf8') };
};

const compiled = (game: string, variants: readonly string[], lang?: string): CompiledGame => {
  const out = compileGame({
    base: source(game),
    variants: variants.map((v) => source(game, v)),
    ...(lang ? { locale: { file: localeFile(game, lang) } } : {}),
  });
  expect(out.diagnostics.map(formatDiagnostic)).toEqual([]);
  return out.game as CompiledGame;
};

describe('shipped translations', () => {
  for (const entry of games) {
    for (const lang of LANGUAGES) {
      it(`${entry.id} in ${lang}: the file exists, is clean and complete`, () => {
        expect(existsSync(join(GAMES, entry.id, 'locales', `${lang}.yaml`))).toBe(true);
        const report = translationReport(entry.id, lang);
        if ('error' in report) throw new Error(report.error);
        expect(report.diagnostics.map(formatDiagnostic)).toEqual([]);
        expect(report.missing.map((m) => formatMissing(m, lang))).toEqual([]);
      });
    }
  }
});

/** Plays the English and the translated game side by side by the same choices; returns the two last states. */
const sideBySide = (
  english: CompiledGame,
  translated: CompiledGame,
  seed: number,
  players: number,
  choices: readonly number[],
): [GameState, GameState] => {
  const a = newGame(english, { seed, players });
  const b = newGame(translated, { seed, players });
  if (!a.ok || !b.ok) throw new Error('no game');
  let [sa, sb] = [a.state, b.state];
  for (const choice of choices) {
    const moves = legalMoves(english, sa);
    expect(legalMoves(translated, sb)).toEqual(moves);
    if (moves.length === 0 || sa.context.result) break;
    const move = moves[choice % moves.length]!;
    const ra = step(english, sa, move);
    const rb = step(translated, sb, move);
    expect(rb.ok).toBe(ra.ok);
    if (!ra.ok || !rb.ok) break;
    [sa, sb] = [ra.state, rb.state];
    expect(sb.value).toEqual(sa.value);
    expect({ ...sb.context, log: sb.context.log.length }).toEqual({ ...sa.context, log: sa.context.log.length });
  }
  return [sa, sb];
};

describe('a translated game plays as the English one', () => {
  const sets = games.flatMap((entry) => [
    [entry.id, []] as const,
    ...entry.variants.map((v) => [entry.id, withRequirements([v.id], (id) => entry.variants.find((x) => x.id === id)?.requires)] as const),
  ]);
  for (const [game, variants] of sets) {
    it(`${game}${variants.length ? ` + ${variants.join(', ')}` : ''}: same seed and moves, same game, in every language`, () => {
      const english = compiled(game, variants);
      const translations = LANGUAGES.map((lang) => compiled(game, variants, lang));
      fc.assert(
        fc.property(
          fc.integer({ min: 0, max: 1e6 }),
          fc.integer({ min: english.players.min, max: english.players.max }),
          fc.array(fc.nat(), { minLength: 1, maxLength: 120 }),
          (seed, players, choices) => {
            for (const translated of translations) {
              const [sa, sb] = sideBySide(english, translated, seed, players, choices);
              if (sa.context.log.some((line) => /[a-z]{3}/i.test(logText(line)))) expect(sb.context.log).not.toEqual(sa.context.log);
            }
          },
        ),
        { numRuns: 5 },
      );
    });
  }
});
