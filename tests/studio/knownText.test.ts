import { describe, expect, it } from 'vitest';
import { knownText } from '../../src/studio/board/knownText.ts';
import type { Piece, ZoneView } from '../../src/engine/types.ts';
import { compile, start } from '../helpers/games.ts';
import { viewOf } from '../../src/engine/index.ts';

const zone = (pieces: Piece[], extra: Partial<ZoneView> = {}): ZoneView => ({
  name: 'z',
  owner: 'game',
  ownerIndex: null,
  visibility: 'top',
  ordered: true,
  count: pieces.length,
  pieces,
  ...extra,
});
const down = (i: number, rank?: string): Piece => ({ id: `z#${i}`, kind: 'hidden', hidden: true, ...(rank ? { rank } : {}) });

describe('the board says what is known of face-down pieces', () => {
  it('known attributes of an ordered zone, as runs from the top', () => {
    const z = zone([{ id: 'c1', kind: 'card', rank: 'J' }, down(1, 'J'), down(2, 'J'), down(3, 'Q'), down(4, 'K'), down(5, 'K')]);
    expect(knownText(z, () => null)).toBe('Face down, from the top: 2 × J, Q, 2 × K');
  });

  it("known contents, by the spec's names", () => {
    const z = zone([down(0), down(1)], {
      contents: [
        { id: 'a', kind: 'card' },
        { id: 'b', kind: 'card' },
      ],
    });
    expect(knownText(z, (p) => `card ${p.id}`)).toBe('Face down here, in some order: card a, card b');
  });

  it('nothing for a zone that declares nothing', () => {
    expect(knownText(zone([down(0), down(1)]), () => null)).toBeNull();
  });

  it("R-3: Regicide's castle reads Jacks on Queens on Kings", () => {
    const game = compile('regicide');
    const castle = viewOf(game, start(game, 2, 1), 0).zones.find((z) => z.name === 'castle') as ZoneView;
    expect(knownText(castle, () => null)).toBe('Face down, from the top: 3 × J, 4 × Q, 4 × K');
  });
});
