/**
 * What a decision state looks like in the spec's own terms, for the policy table: the flow state,
 * the game's and the acting seat's variables, how many pieces each zone holds and what dice in it
 * show. The table then keeps only the columns the best move depends on (see policy.ts). Features
 * are keyed by the engine's names (the JSON's stable keys); each also gets the name players know
 * it by where the spec's `display:` section gives one (a variable's label, a zone's label).
 */
import type { CompiledDisplay } from '../compile/display.ts';
import { activeStates, type GameState, type Json, type Piece } from '../engine/index.ts';

export type Features = Readonly<Record<string, Json>>;

const listText = (v: readonly Json[]): string => v.map((x) => (typeof x === 'string' ? x : JSON.stringify(x))).join(' ');

const plain = (v: Json): Json => (Array.isArray(v) ? listText(v) : v !== null && typeof v === 'object' ? JSON.stringify(v) : v);

export interface FeatureReader {
  /**
   * The state's features, and which of them are details (lists, the faces dice show): they often
   * say how a state was reached rather than what the decision depends on, so the table drops them
   * first.
   */
  readonly featuresOf: (state: GameState, seat: number) => { features: Features; details: ReadonlySet<string> };
  /**
   * The display's name of each feature key made so far that has one. A key means the same thing
   * in every state of a game, so one map serves every node rather than a copy each.
   */
  readonly names: ReadonlyMap<string, string>;
}

export const featureReader = (display: CompiledDisplay): FeatureReader => {
  const varLabels = (owner: 'game' | 'player'): Map<string, string> => new Map(display.vars[owner].map((v) => [v.name, v.label]));
  const gameLabels = varLabels('game');
  const playerLabels = varLabels('player');
  const names = new Map<string, string>();
  const featuresOf = (state: GameState, seat: number): { features: Features; details: ReadonlySet<string> } => {
    const c = state.context;
    const out: Record<string, Json> = { state: activeStates(state.value).at(-1) ?? '' };
    const details = new Set<string>();
    const put = (name: string, v: Json, detail: boolean, label: string | undefined): void => {
      const key = name in out ? `${name} (2)` : name;
      out[key] = v;
      if (detail) details.add(key);
      if (label !== undefined && !names.has(key)) names.set(key, label);
    };
    for (const [name, v] of Object.entries(c.game)) put(name, plain(v), Array.isArray(v), gameLabels.get(name));
    for (const [name, v] of Object.entries(c.players[seat] ?? {}))
      if (name !== 'seat') put(name, plain(v), Array.isArray(v), playerLabels.get(name));
    for (const [name, contents] of Object.entries(c.zones)) {
      const [first] = contents;
      const own = Array.isArray(first) ? ((contents as readonly (readonly Piece[])[])[seat] ?? []) : (contents as readonly Piece[]);
      // A zone's label names what it holds ("Dice to roll"), so its count reads under the label itself.
      const label = display.zones[name]?.label;
      put(`in ${name}`, own.length, false, label);
      const faces = own.filter((p) => p.face !== undefined).map((p) => p.face as Json);
      if (faces.length > 0) put(`${name} shows`, listText([...faces].sort()), true, label === undefined ? undefined : `${label} show`);
    }
    return { features: out, details };
  };
  return { featuresOf, names };
};
