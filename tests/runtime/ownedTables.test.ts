/**
 * A move's draft copies each table it changes once, then changes its copy in place, and never the
 * tables an earlier state holds (runtime/ops.ts). The draft remembers what it made in a list, and
 * in a set past 16: here a move that changes 40 zones' lists, so both are used.
 */
import { describe, expect, it } from 'vitest';
import { countCopiedEntries, draftOf, entriesCopied, movePieces, release, type ZoneRef } from '../../src/runtime/ops.ts';
import type { GameContext, Piece } from '../../src/runtime/state.ts';
import { zonesContext } from './zonesContext.ts';

// This file reads how many entries drafts copy: counted only when asked for.
countCopiedEntries();

const ZONES = 40;

const zone = (i: number): ZoneRef => ({ name: `z${i % ZONES}`, index: null });

const context = (): GameContext =>
  zonesContext(Object.fromEntries(Array.from({ length: ZONES }, (_, i) => [`z${i}`, [{ id: `p${i}`, kind: 'token' }]])));

const ids = (ctx: GameContext, i: number): string[] => (ctx.zones[`z${i}`] as readonly Piece[]).map((p) => p.id);

describe("a draft's own tables", () => {
  it('are copied once each, however many the move changes, and the state before is left as it was', () => {
    const ctx = context();
    const before = JSON.stringify(ctx);
    const copiedBefore = entriesCopied();
    const d = draftOf(ctx);
    // Each token moves on to the next zone, then back: every list is changed four times.
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < ZONES; i++) movePieces(d, zone(i), zone(i + 1), [{ id: `p${i}`, kind: 'token' }], 'bottom');
      for (let i = ZONES - 1; i >= 0; i--) movePieces(d, zone(i + 1), zone(i), [{ id: `p${i}`, kind: 'token' }], 'bottom');
    }
    // The zones' table (40 names) and each list (one token when first copied): once each.
    expect(entriesCopied() - copiedBefore).toBe(ZONES + ZONES);
    expect(JSON.stringify(ctx)).toBe(before);
    for (let i = 0; i < ZONES; i++) expect(ids(d, i)).toEqual([`p${i}`]);
  });

  it('are copied again once a value that may hold them is bound to a name', () => {
    const ctx = context();
    const d = draftOf(ctx);
    for (let i = 0; i < 20; i++) movePieces(d, zone(i), zone(i + 1), [{ id: `p${i}`, kind: 'token' }], 'bottom');
    const held = d.zones.z5;
    const heldIds = (held as readonly Piece[]).map((p) => p.id);
    release(d, held);
    const copiedBefore = entriesCopied();
    movePieces(d, zone(5), zone(30), [{ id: 'p4', kind: 'token' }], 'bottom');
    // The zones' table and both lists were copied anew; the list the name holds did not change.
    expect(entriesCopied() - copiedBefore).toBe(ZONES + heldIds.length + 1);
    expect((held as readonly Piece[]).map((p) => p.id)).toEqual(heldIds);
    expect(heldIds).toEqual(['p4']);
    expect(ids(d, 5)).toEqual([]);
    expect(ids(d, 30)).toEqual(['p30', 'p4']);
  });
});
