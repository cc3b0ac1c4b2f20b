/**
 * A piece in log text reads as the board names it (display.pieces, through pieceName): `{die}`
 * and `{zones.pool}` name the pieces instead of printing their data; other values are unchanged.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileGame } from '../../src/compile/index.ts';
import { logText, newGame, step } from '../../src/engine/index.ts';

const file = 'templates/new-game.yaml';

const logOfFirstRoll = (log: string): { line: string | undefined; face: unknown } => {
  const text = readFileSync(file, 'utf8')
    .replace('    d6: str(piece.face)', `    d6: "'die ' + str(piece.face)"`)
    .replace('      - roll: zones.pool\n', `      - roll: zones.pool\n      - log: "${log}"\n`);
  const { game, diagnostics } = compileGame({ base: { file, text } });
  if (!game) throw new Error(diagnostics.map((d) => d.message).join('; '));
  const s = newGame(game, { players: 2, seed: 3 });
  if (!s.ok) throw new Error(s.error);
  const r = step(game, s.state, { move: 'roll', seat: 0 });
  if (!r.ok) throw new Error(r.error);
  const pool = r.state.context.zones.pool as unknown as readonly { face: unknown }[];
  return { line: r.state.context.log.map(logText).find((l) => l.startsWith('rolled')), face: pool[0]?.face };
};

describe('pieces in log text', () => {
  it('a piece and a list of pieces are named by display.pieces', () => {
    const { line, face } = logOfFirstRoll('rolled {first(zones.pool)}; all: {zones.pool}');
    expect(line).toBe(`rolled die ${String(face)}; all: die ${String(face)}`);
  });

  it('numbers, strings and pieceName itself read as before', () => {
    const { line, face } = logOfFirstRoll("rolled {first(zones.pool).face} {'x'} {pieceName(first(zones.pool))}");
    expect(line).toBe(`rolled ${String(face)} x die ${String(face)}`);
  });
});
