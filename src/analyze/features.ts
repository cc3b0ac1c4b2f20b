/**
 * What a decision state looks like in the spec's own terms, for the policy table: the flow state,
 * the game's and the acting seat's variables, how many pieces each zone holds and what dice in it
 * show. The table then keeps only the columns the best move depends on (see table.ts).
 */
import { activeStates, type GameState, type Json, type Piece } from '../engine/index.ts';

export type Features = Readonly<Record<string, Json>>;

const listText = (v: readonly Json[]): string => v.map((x) => (typeof x === 'string' ? x : JSON.stringify(x))).join(' ');

const plain = (v: Json): Json => (Array.isArray(v) ? listText(v) : v !== null && typeof v === 'object' ? JSON.stringify(v) : v);

/**
 * The state's features, and which of them are details (lists, the faces dice show): they often
 * say how a state was reached rather than what the decision depends on, so the table drops them
 * first.
 */
export const featuresOf = (state: GameState, seat: number): { features: Features; details: ReadonlySet<string> } => {
  const c = state.context;
  const out: Record<string, Json> = { state: activeStates(state.value).at(-1) ?? '' };
  const details = new Set<string>();
  const put = (name: string, v: Json, detail: boolean): void => {
    const key = name in out ? `${name} (2)` : name;
    out[key] = v;
    if (detail) details.add(key);
  };
  for (const [name, v] of Object.entries(c.game)) put(name, plain(v), Array.isArray(v));
  for (const [name, v] of Object.entries(c.players[seat] ?? {})) if (name !== 'seat') put(name, plain(v), Array.isArray(v));
  for (const [name, contents] of Object.entries(c.zones)) {
    const [first] = contents;
    const own = Array.isArray(first) ? ((contents as readonly (readonly Piece[])[])[seat] ?? []) : (contents as readonly Piece[]);
    put(`in ${name}`, own.length, false);
    const faces = own.filter((p) => p.face !== undefined).map((p) => p.face as Json);
    if (faces.length > 0) put(`${name} shows`, listText([...faces].sort()), true);
  }
  return { features: out, details };
};
