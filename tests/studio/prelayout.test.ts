/**
 * The diagram's layouts made at build time (issue 11 item 9): for every game folder the build's
 * layout of each ELK input the studio makes for its base flow is the one elkjs makes here of the
 * same input, so drawing it is drawing what the layout worker would; and the layouts kept at run
 * time survive only what they should (size cap, unreadable storage).
 */
import { afterEach, describe, expect, it } from 'vitest';
import ELK from 'elkjs';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import layouts from 'virtual:diagram-layouts';
import { compileGame } from '../../src/compile/index.ts';
import { elkInputsOf } from '../../src/studio/diagram/prelayout.ts';
import { cachedLayout, forgetLayouts, keepLayout, layoutKey, slim, STORAGE_MAX_CHARS } from '../../src/studio/diagram/layoutCache.ts';
import { fromElk } from '../../src/studio/diagram/fromElk.ts';
import { toElk } from '../../src/studio/diagram/toElk.ts';
import { fixedMeasure } from '../../src/studio/diagram/textWidths.ts';

const games = readdirSync('games').filter((g) => existsSync(`games/${g}/game.yaml`));

describe('layouts made at build time', () => {
  it('holds two layouts (guards hidden and shown) per game folder', () => {
    expect(games.length).toBeGreaterThan(0);
    expect(Object.keys(layouts)).toHaveLength(2 * games.length);
  });
  for (const game of games) {
    it(`${game}: each equals elkjs's layout of the studio's input, and draws the same`, async () => {
      const file = `games/${game}/game.yaml`;
      const graph = compileGame({ base: { file, text: readFileSync(file, 'utf8') } }).game?.graph;
      expect(graph).toBeDefined();
      if (!graph) return;
      for (const input of elkInputsOf(graph)) {
        const key = layoutKey(input);
        const built = layouts[key];
        expect(built, `no layout for ${key}`).toBeDefined();
        if (!built) return;
        const laid = await new ELK().layout(structuredClone(input));
        expect(built).toEqual(slim(laid));
        expect(fromElk(graph, built)).toEqual(fromElk(graph, laid));
      }
    });
  }
});

describe('the layout key', () => {
  const graph = compileGame({ base: { file: 'games/ten-thousand/game.yaml', text: readFileSync('games/ten-thousand/game.yaml', 'utf8') } })
    .game!.graph;
  it('changes with any part of the input: a label, a width, an option', () => {
    const input = toElk(graph, fixedMeasure, { guards: false });
    const keys = new Set([
      layoutKey(input),
      layoutKey(toElk(graph, fixedMeasure, { guards: true })),
      layoutKey(toElk(graph, (text, font) => fixedMeasure(text, font) + 1, { guards: false })),
      layoutKey({ ...input, layoutOptions: { ...input.layoutOptions, 'elk.spacing.nodeNode': '25' } }),
      layoutKey(
        toElk({ ...graph, edges: graph.edges.map((e, i) => (i === 0 ? { ...e, label: `${e.label}x` } : e)) }, fixedMeasure, {
          guards: false,
        }),
      ),
    ]);
    expect(keys.size).toBe(5);
    expect(layoutKey(structuredClone(input))).toBe(layoutKey(input));
  });
  it('measures text the same for the same text, wider for wider text', () => {
    expect(fixedMeasure('roll', 'node')).toBe(fixedMeasure('roll', 'node'));
    expect(fixedMeasure('WWWW', 'node')).toBeGreaterThan(fixedMeasure('iiii', 'node'));
    expect(fixedMeasure('abcd', 'edge')).toBe(fixedMeasure('WXYZ', 'edge'));
    expect(fixedMeasure('日本', 'node')).toBeGreaterThan(fixedMeasure('', 'node'));
  });
});

describe('layouts kept at run time', () => {
  const store = new Map<string, string>();
  const fake = {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
    removeItem: (k: string) => void store.delete(k),
  };
  const original = Object.getOwnPropertyDescriptor(globalThis, 'localStorage');
  const useStorage = (s: unknown): void =>
    void Object.defineProperty(globalThis, 'localStorage', { value: s, configurable: true, writable: true });
  afterEach(() => {
    forgetLayouts();
    store.clear();
    if (original) Object.defineProperty(globalThis, 'localStorage', original);
    else delete (globalThis as { localStorage?: unknown }).localStorage;
  });
  const laidOf = (
    id: string,
    n = 1,
  ): {
    id: string;
    x: number;
    y: number;
    width: number;
    height: number;
    children: { id: string; x: number; y: number; width: number; height: number }[];
  } => ({
    id,
    x: 0,
    y: 0,
    width: 10,
    height: 10,
    children: Array.from({ length: n }, (_, i) => ({ id: `${id}-${i}-${'x'.repeat(40)}`, x: i, y: i, width: 1, height: 1 })),
  });

  it('gives back a layout in this visit and, from storage, in the next', () => {
    useStorage(fake);
    keepLayout('k1', laidOf('a'));
    expect(cachedLayout('k1')).toEqual(laidOf('a'));
    forgetLayouts();
    expect(cachedLayout('k1')).toEqual(laidOf('a'));
    expect(cachedLayout('k2')).toBeUndefined();
  });
  it('keeps the stored layouts under the size cap, dropping the oldest', () => {
    useStorage(fake);
    for (let i = 0; i < 20; i++) keepLayout(`k${i}`, laidOf(`g${i}`, 500));
    const text = [...store.values()].join('');
    expect(text.length).toBeLessThanOrEqual(STORAGE_MAX_CHARS);
    forgetLayouts();
    expect(cachedLayout('k19')).toBeDefined();
    expect(cachedLayout('k0')).toBeUndefined();
  });
  it('ignores unreadable or refused storage', () => {
    useStorage(fake);
    for (const junk of [
      '{',
      '"x"',
      '[["k1", 3]]',
      '[["k1", {"id": 1}]]',
      '[["k1", {"id": "a", "width": 1, "height": 1, "edges": [{}]}]]',
    ]) {
      store.set('houserules:layouts:v1', junk);
      forgetLayouts();
      expect(cachedLayout('k1')).toBeUndefined();
      keepLayout('k1', laidOf('a'));
      forgetLayouts();
      expect(cachedLayout('k1')).toEqual(laidOf('a'));
    }
    useStorage({
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('full');
      },
      removeItem: () => undefined,
    });
    forgetLayouts();
    keepLayout('k3', laidOf('b'));
    expect(cachedLayout('k3')).toEqual(laidOf('b'));
  });
});
