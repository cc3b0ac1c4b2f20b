/**
 * Which parts of a state can still matter, per flow state where play rests: a static liveness
 * analysis of the spec. A game variable, or the faces the pieces of a zone show, is dead where
 * play rests if every way play can go from there writes it before reading it (the roll that
 * overwrites the last roll's faces) or ends the turn without reading it. Dead parts are left out
 * of the memo key, so states that differ only in them are one state.
 *
 * Conservative by construction: reads are found by name in the expression texts (definitions,
 * procedures and scoring tables followed), every guard is taken as read, every automatic
 * transition as possibly taken; only a plain `set` of a game variable or a `roll` of a whole zone
 * counts as a write; anything not understood makes everything live. What each effect kind reads,
 * writes and passes on is its `flow`, in its file of compile/effects/.
 */
import { checkFlow, type StateInfo, type TransitionInfo } from '../check/flow.ts';
import type { Effect, EffectKey, EffectOf, GameSpec, StateSpec } from '../spec/types.ts';
import type { FlowWalk } from '../compile/effects/kind.ts';
import { EFFECT_KINDS, effectKey } from '../compile/effects/kinds.ts';

/** `game.X`, `player.X` (that variable of every player) or `faces:Z` (what the pieces of zone Z show). */
export type Item = string;

export interface Liveness {
  /** The items that do not matter when play rests in this (innermost) state. */
  readonly deadAt: (state: string) => ReadonlySet<Item>;
}

class GiveUp extends Error {}

interface FlowData {
  /** The items (as they were when the step began) each item's value now comes from; absent: itself. */
  readonly origins: ReadonlyMap<Item, ReadonlySet<Item>>;
  /** The step began a new turn or ended the game: where it rests is a leaf. */
  readonly ended: boolean;
}

const START: FlowData = { origins: new Map(), ended: false };

const originsOf = (f: FlowData, item: Item): ReadonlySet<Item> => f.origins.get(item) ?? new Set([item]);

const merge = (a: FlowData, b: FlowData): FlowData => {
  const origins = new Map<Item, ReadonlySet<Item>>();
  for (const item of new Set([...a.origins.keys(), ...b.origins.keys()])) {
    origins.set(item, new Set([...originsOf(a, item), ...originsOf(b, item)]));
  }
  return { origins, ended: a.ended && b.ended };
};

const signature = (f: FlowData): string => JSON.stringify([f.ended, [...f.origins].map(([k, v]) => [k, [...v].sort()]).sort()]);

const ZONE_REF = /^\s*zones\.([A-Za-z_]\w*)/;

/** One effect in the analysis, by its kind (compile/effects/). */
const flowOf = <K extends EffectKey>(key: K, effect: EffectOf<K>, f: FlowData, walk: FlowWalk<FlowData>): FlowData =>
  EFFECT_KINDS[key].flow(effect, f, walk);

export const analyzeLiveness = (spec: GameSpec, objective: string): Liveness => {
  const gameVars = Object.keys(spec.vars?.game ?? {});
  const playerVars = Object.keys(spec.vars?.player ?? {});
  const zones = Object.keys(spec.zones ?? {});
  const all: Item[] = [...gameVars.map((v) => `game.${v}`), ...playerVars.map((v) => `player.${v}`), ...zones.map((z) => `faces:${z}`)];
  const definitions = spec.definitions ?? {};
  const scoringText = JSON.stringify(spec.scoring ?? {});
  const readCache = new Map<string, ReadonlySet<Item>>();

  const readsOf = (text: string, stack: readonly string[] = []): ReadonlySet<Item> => {
    const known = readCache.get(text);
    if (known) return known;
    const out = new Set<Item>();
    for (const m of text.matchAll(/\bgame\s*\.\s*([A-Za-z_]\w*)/g)) out.add(`game.${m[1]}`);
    if (/\bgame\b(?!\s*\.)/.test(text)) for (const v of gameVars) out.add(`game.${v}`);
    for (const m of text.matchAll(/\b(?:player|players\s*\[[^\]]*\])\s*\.\s*([A-Za-z_]\w*)/g)) out.add(`player.${m[1]}`);
    if (/\bplayer\b(?!\s*\.)|\bplayers\b(?!\s*\[[^\]]*\]\s*\.)/.test(text)) for (const v of playerVars) out.add(`player.${v}`);
    for (const m of text.matchAll(/\bzones\s*\.\s*([A-Za-z_]\w*)(\s*\[[^\]]*\])?/g)) {
      const countOnly = /len\(\s*$/.test(text.slice(0, m.index)) && /^\s*\)/.test(text.slice((m.index ?? 0) + m[0].length));
      if (!countOnly) out.add(`faces:${m[1]}`);
    }
    if (/\bzones\b(?!\s*\.)/.test(text)) for (const z of zones) out.add(`faces:${z}`);
    for (const [name, d] of Object.entries(definitions)) {
      if (!new RegExp(`\\b${name}\\s*\\(`).test(text)) continue;
      if (stack.includes(name)) continue;
      for (const item of readsOf(JSON.stringify(d.body), [...stack, name])) out.add(item);
    }
    if (/\bcover\s*\(/.test(text) && !stack.includes('cover')) for (const item of readsOf(scoringText, [...stack, 'cover'])) out.add(item);
    readCache.set(text, out);
    return out;
  };

  const textOf = (v: unknown): string => (typeof v === 'string' ? v : JSON.stringify(v ?? null));
  const objectiveReads = readsOf(objective);

  const states = checkFlow(spec).states;
  const byName = new Map(states.map((s) => [s.name, s]));
  const transitions = checkFlow(spec).transitions;
  const ancestors = (name: string): StateInfo[] => {
    const out: StateInfo[] = [];
    for (let s = byName.get(name); s; s = s.parent === null ? undefined : byName.get(s.parent)) out.push(s);
    return out;
  };
  const initialLeaf = (name: string): string[] => {
    const path = [name];
    let spec: StateSpec | undefined = byName.get(name)?.spec;
    while (spec?.states) {
      const child = spec.initial ?? Object.keys(spec.states)[0];
      if (child === undefined) break;
      path.push(child);
      spec = spec.states[child];
    }
    return path;
  };
  const offered = (atomic: string): TransitionInfo[] => {
    const names = ancestors(atomic).map((s) => s.name);
    return transitions.filter((t) => t.kind === 'move' && names.includes(t.source));
  };
  const automatic = (atomic: string): TransitionInfo[] => {
    const names = ancestors(atomic).map((s) => s.name);
    return transitions.filter((t) => t.kind === 'always' && names.includes(t.source));
  };

  /** Runs one path of a step from a resting state, adding what it reads (as step-start items) to `live`. */
  const walk = (start: string, liveAt: ReadonlyMap<string, ReadonlySet<Item>>): Set<Item> => {
    const live = new Set<Item>(objectiveReads);
    const read = (f: FlowData, items: Iterable<Item>): void => {
      for (const item of items) for (const o of originsOf(f, item)) live.add(o);
    };
    const readText = (f: FlowData, v: unknown): void => read(f, readsOf(textOf(v)));
    const readIndex = (f: FlowData, ref: unknown): void => readText(f, textOf(ref).replace(ZONE_REF, ''));
    const zoneOfRef = (ref: unknown): string | undefined => ZONE_REF.exec(textOf(ref))?.[1];
    const write = (f: FlowData, item: Item): FlowData => ({ ...f, origins: new Map(f.origins).set(item, new Set()) });
    const flowInto = (f: FlowData, from: unknown, to: string | undefined): FlowData => {
      const source = zoneOfRef(from);
      const targets = to === undefined || !zones.includes(to) ? zones : [to];
      const origins = new Map(f.origins);
      const carried = source === undefined ? zones.flatMap((z) => [...originsOf(f, `faces:${z}`)]) : [...originsOf(f, `faces:${source}`)];
      for (const z of targets) origins.set(`faces:${z}`, new Set([...originsOf(f, `faces:${z}`), ...carried]));
      return { ...f, origins };
    };
    const procedures: string[] = [];

    const effects = (list: readonly Effect[] | undefined, f0: FlowData): FlowData => (list ?? []).reduce((f, e) => effect(e, f), f0);
    const loop = (body: readonly Effect[], f0: FlowData): FlowData => {
      let f = f0;
      for (let i = 0; i < 20; i++) {
        const next = merge(f, effects(body, f));
        if (signature(next) === signature(f)) return f;
        f = next;
      }
      throw new GiveUp();
    };
    const walker: FlowWalk<FlowData> = {
      read: readText,
      readIndex,
      zoneOf: zoneOfRef,
      wholeZone: (ref) => {
        const zone = zoneOfRef(ref);
        return zone !== undefined && textOf(ref).replace(ZONE_REF, '').trim() === '' ? zone : undefined;
      },
      writeGame: (f, name) => write(f, `game.${name}`),
      writeFaces: (f, zone) => write(f, `faces:${zone}`),
      flowInto,
      effects,
      loop,
      either: merge,
      call: (name, f) => {
        const procedure = spec.procedures?.[name];
        if (!procedure || procedures.includes(name)) throw new GiveUp();
        procedures.push(name);
        const out = effects(procedure.effects, f);
        procedures.pop();
        return out;
      },
      end: (f) => ({ ...f, ended: true }),
    };
    const effect = (e: Effect, f: FlowData): FlowData => {
      const key = effectKey(e);
      if (key === undefined) throw new GiveUp();
      return flowOf(key, e, f, walker);
    };

    /** Takes a transition from `atomic`: exits, effects (the move's first), entries; the new innermost state. */
    const take = (
      atomic: string,
      t: TransitionInfo,
      f0: FlowData,
      moveEffects: readonly Effect[] | undefined,
    ): { atomic: string; f: FlowData }[] => {
      readText(f0, t.spec.guard);
      if (t.target === null) return [{ atomic, f: effects(t.spec.effects, effects(moveEffects, f0)) }];
      const from = ancestors(atomic).map((s) => s.name);
      const to = ancestors(t.target)
        .map((s) => s.name)
        .reverse();
      const paths: { exited: string[]; entered: string[] }[] = [];
      const targetActive = from.includes(t.target);
      const domain = (keep: (name: string) => boolean) => ({
        exited: from.filter((n) => !keep(n)),
        entered: [...to.filter((n) => !keep(n)), ...initialLeaf(t.target as string).slice(1)],
      });
      const common = new Set(from.filter((n) => to.includes(n)));
      // The source and target share their common ancestors; a re-entered target is left and entered again.
      paths.push(domain((n) => common.has(n) && !(t.spec.reenter && (n === t.target || !to.includes(n)))));
      if (targetActive && !t.spec.reenter) {
        paths.push(domain((n) => to.includes(n)));
        paths.push({ exited: [], entered: [] });
      }
      return paths.map(({ exited, entered }) => {
        let f = f0;
        for (const n of exited) f = effects(byName.get(n)?.spec.exit, f);
        f = effects(t.spec.effects, effects(moveEffects, f));
        for (const n of entered) f = effects(byName.get(n)?.spec.entry, f);
        return { atomic: entered.at(-1) ?? atomic, f };
      });
    };

    const seen = new Set<string>();
    const rest = (atomic: string, f: FlowData): void => {
      const key = `${atomic}|${signature(f)}`;
      if (seen.has(key)) return;
      if (seen.size > 20_000) throw new GiveUp();
      seen.add(key);
      if (!f.ended) read(f, liveAt.get(atomic) ?? []);
      for (const t of automatic(atomic)) {
        for (const next of take(atomic, t, f, undefined)) rest(next.atomic, next.f);
      }
    };

    for (const t of offered(start)) {
      const move = spec.moves?.[t.label];
      readText(START, move?.guard);
      readText(START, move?.by);
      readText(START, move?.args);
      for (const next of take(start, t, START, move?.effects)) rest(next.atomic, next.f);
    }
    return live;
  };

  // The least fixpoint: from nothing live, what each resting state's ways on read, until stable.
  const resting = states.filter((s) => !s.spec.states).map((s) => s.name);
  let liveAt = new Map<string, ReadonlySet<Item>>();
  try {
    for (let round = 0; ; round++) {
      if (round > 4 * all.length + 4) throw new GiveUp();
      const next = new Map(resting.map((name) => [name, walk(name, liveAt)] as const));
      const same = resting.every((n) => (liveAt.get(n)?.size ?? -1) === next.get(n)?.size);
      liveAt = next;
      if (same) break;
    }
  } catch (error) {
    if (!(error instanceof GiveUp)) throw error;
    liveAt = new Map();
  }
  return {
    deadAt: (state) => {
      const live = liveAt.get(state);
      return live ? new Set(all.filter((item) => !live.has(item))) : new Set();
    },
  };
};
