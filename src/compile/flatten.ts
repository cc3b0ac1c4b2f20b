/**
 * The flow as flat per-leaf tables for the fast stepping path (runtime/table.ts), built from the
 * same compiled guards and effects as the XState machine. Which states a transition leaves and
 * enters follows XState 5's rules (SCXML's): the transition domain is the source itself for a
 * transition into the source or below it that does not `reenter`, otherwise the nearest ancestor
 * of the target that strictly contains the source; every active state below the domain is left,
 * and the target, its ancestors below the domain and its initial descendants are entered.
 */
import type { EffectRun, FlowTable, Leaf, Plan, TableTransition } from '../runtime/table.ts';
import type { FlowValue } from '../runtime/state.ts';
import { OVER, STALLED } from '../runtime/flow.ts';
import type { CompiledFlow, CompiledState, CompiledTransition } from './machine.ts';
import type { CompiledMove } from './moves.ts';

interface Node {
  readonly state: CompiledState;
  /** From this state up to the top of the flow. */
  readonly chain: readonly string[];
}

const engineState = (name: string): CompiledState => ({
  name,
  parent: null,
  initial: undefined,
  final: true,
  entry: undefined,
  exit: undefined,
});

export const flattenFlow = (
  flow: Pick<CompiledFlow, 'states' | 'transitions'>,
  moves: Readonly<Record<string, CompiledMove>>,
  initial: string,
): FlowTable => {
  const states = [...flow.states, engineState(OVER), engineState(STALLED)];
  const byName = new Map<string, Node>();
  for (const state of states) {
    const parent = state.parent === null ? undefined : byName.get(state.parent);
    byName.set(state.name, { state, chain: [state.name, ...(parent?.chain ?? [])] });
  }
  const node = (name: string): Node => {
    const found = byName.get(name);
    if (!found) throw new Error(`internal: state '${name}' is not compiled`);
    return found;
  };
  /** `a` lies strictly inside `b` (null: the root, which holds every state). */
  const inside = (a: string, b: string | null): boolean => b === null || (a !== b && node(a).chain.includes(b));
  const initialChain = (name: string): string[] => {
    const first = node(name).state.initial;
    return first === undefined ? [] : [first, ...initialChain(first)];
  };
  const entryRuns = (names: readonly string[]): EffectRun[] => names.flatMap((n) => node(n).state.entry ?? []);
  const exitRuns = (names: readonly string[]): EffectRun[] => names.flatMap((n) => node(n).state.exit ?? []);
  const leafNames = states.filter((s) => s.initial === undefined).map((s) => s.name);
  const leafIndex = new Map(leafNames.map((name, i) => [name, i]));
  const indexOf = (names: readonly string[]): number => {
    const leaf = leafIndex.get(names[names.length - 1] as string);
    if (leaf === undefined) throw new Error(`internal: '${names.join('.')}' does not end in a leaf state`);
    return leaf;
  };

  /** Leaving `leaf`'s chain up to `domain` (exclusive) and entering `entered`, outermost first. */
  const plan = (leaf: string, domain: string | null, entered: readonly string[]): Plan => {
    const chain = node(leaf).chain;
    const left = domain === null ? chain : chain.slice(0, chain.indexOf(domain));
    return { exits: exitRuns(left), entries: entryRuns(entered), leaf: indexOf(entered.length > 0 ? entered : [leaf]), entered };
  };

  const planOf = (leaf: string, t: CompiledTransition): Plan | null => {
    if (t.target === null) return null;
    const source = t.source;
    const target = t.target;
    const reenter = t.reenter;
    let domain: string | null;
    if (!reenter && (target === source || inside(target, source))) domain = source;
    else
      domain =
        node(target)
          .chain.slice(1)
          .find((ancestor) => inside(source, ancestor)) ?? null;
    const ancestors = node(target).chain.slice(1);
    const above = (domain === null ? ancestors : ancestors.slice(0, ancestors.indexOf(domain))).reverse();
    const enterTarget = source !== target || source !== domain || reenter;
    return plan(leaf, domain, [...above, ...(enterTarget ? [target] : []), ...initialChain(target)]);
  };

  const flowValueOf = (chain: readonly string[]): FlowValue =>
    chain.slice(1).reduce<FlowValue>((value, parent) => ({ [parent]: value }), chain[0] as string);

  const transitionsFrom = (name: string, kind: 'move' | 'always'): CompiledTransition[] =>
    flow.transitions.filter((t) => t.source === name && t.kind === kind);

  const leaves: Leaf[] = leafNames.map((name) => {
    const { chain, state } = node(name);
    const offered = new Map<string, TableTransition[]>();
    const always: TableTransition[] = [];
    for (const s of chain) {
      for (const t of transitionsFrom(s, 'move')) {
        const list = offered.get(t.label) ?? [];
        list.push({ guard: t.guard, effects: t.effects, plan: planOf(name, t) });
        offered.set(t.label, list);
      }
      for (const t of transitionsFrom(s, 'always')) always.push({ guard: t.guard, effects: t.effects, plan: planOf(name, t) });
    }
    const done = state.final && state.parent === null;
    return {
      name,
      value: flowValueOf(chain),
      names: [...chain].reverse(),
      moves: offered,
      always,
      done,
      doneExits: done ? exitRuns([name]) : [],
      over: plan(name, null, [OVER]),
      stalled: plan(name, null, [STALLED]),
    };
  });

  const start = [initial, ...initialChain(initial)];
  return {
    leaves,
    leafByName: leafIndex,
    initial: { exits: [], entries: entryRuns(start), leaf: indexOf(start), entered: start },
    stalledLeaf: indexOf([STALLED]),
    moves,
  };
};
