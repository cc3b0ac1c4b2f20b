/**
 * The engine workers' isolation: a call past its deadline stops and replaces its worker (the
 * other calls of that worker are answered `server-busy`, and `onLost` names it), while the other
 * workers answer as before. A new room's rules are compiled in a worker of their own.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { shippedFiles } from '../../src/cli/catalog.ts';
import { createEnginePool } from '../../src/server/enginePool.ts';
import type { RoomRules } from '../../src/server/store.ts';

const lost: number[] = [];
const pool = createEnginePool(2, (index) => lost.push(index));
afterAll(() => pool.close());

const files = shippedFiles('regicide') as Record<string, string>;
const rules: RoomRules = {
  title: 'Regicide',
  files: { 'game.yaml': files['game.yaml'] as string },
  variants: [],
  params: {},
  players: 2,
  bots: [null, null],
};

describe('engine workers', () => {
  it('a check past its deadline is refused with rules-timeout; the check worker is replaced and works again', async () => {
    const request = { files, variants: ['standard'], params: {}, bots: [] };
    const slow = await pool.check({ op: 'check', request }, 1);
    expect(slow).toMatchObject({ ok: false, code: 'rules-timeout' });
    const again = await pool.check({ op: 'check', request }, 30_000);
    expect(again).toMatchObject({
      ok: true,
      kind: 'rules',
      rules: { variants: ['immunity', 'jester', 'animal-companions', 'enemies-in-hand', 'combos', 'yield-limit', 'standard'], players: 2 },
    });
    expect(lost).toEqual([]);
  }, 60_000);

  it('a game worker past its deadline is replaced and named; the other worker keeps its rooms', async () => {
    const open = (index: number, room: string, deadline: number) =>
      pool.call(index, { op: 'open', room, rules, seed: 's', events: [] }, deadline);
    expect(await open(1, 'kept', 30_000)).toMatchObject({ ok: true, kind: 'update', update: { seq: 0 } });
    const [stopped, waiting] = await Promise.all([open(0, 'a', 1), open(0, 'b', 30_000)]);
    expect(stopped).toMatchObject({ ok: false, code: 'rules-timeout' });
    expect(waiting).toMatchObject({ ok: false, code: 'server-busy' });
    expect(lost).toEqual([0]);
    expect(await pool.call(1, { op: 'since', room: 'kept', since: 0, reader: null }, 30_000)).toMatchObject({
      ok: true,
      kind: 'events',
      events: [],
    });
    expect(await pool.call(0, { op: 'since', room: 'a', since: 0, reader: null }, 30_000)).toMatchObject({
      ok: false,
      code: 'server-error',
    });
    expect(await open(0, 'a', 30_000)).toMatchObject({ ok: true });
  }, 60_000);
});
