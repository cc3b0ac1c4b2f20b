/**
 * Acknowledged warnings: an author who has checked a warning says so where it arises
 * (`acknowledge: [loop]` on a transition, `[unreachable]` on a state, `[unoffered]` on a move,
 * `[unused]` on a procedure), and it is not shown again. An acknowledgement that silences nothing
 * is a warning itself, so a stale one can never hide a warning that arises later.
 */
import type { DocPath } from '../spec/diagnostics.ts';
import type { GameSpec, WarningKind } from '../spec/types.ts';
import { collectStates, transitionsOf } from './flow.ts';
import type { CheckedWarning } from './warnings.ts';

type Place = 'state' | 'transition' | 'move' | 'procedure';

interface Acknowledgement {
  readonly kind: WarningKind;
  readonly place: Place;
  /** The state, transition, move or procedure that writes it. */
  readonly at: DocPath;
  readonly index: number;
}

const PLACES: Record<WarningKind, { readonly on: readonly Place[]; readonly where: string; readonly none: string }> = {
  loop: {
    on: ['transition', 'state'],
    where: 'automatic transitions and their states',
    none: 'no loop of automatic transitions passes through here',
  },
  unreachable: { on: ['state'], where: 'states', none: 'this state can be reached' },
  unoffered: { on: ['move'], where: 'moves', none: 'a state offers this move' },
  unused: { on: ['procedure'], where: 'procedures', none: 'an effect calls this procedure' },
};

const keyOf = (at: DocPath, kind: WarningKind): string => JSON.stringify([at, kind]);

const acknowledgementsOf = (spec: GameSpec): Acknowledgement[] => {
  const out: Acknowledgement[] = [];
  const add = (node: { acknowledge?: WarningKind[] }, place: Place, at: DocPath): void =>
    (node.acknowledge ?? []).forEach((kind, index) => out.push({ kind, place, at, index }));
  for (const state of collectStates(spec.flow).states) {
    add(state.spec, 'state', state.path);
    for (const t of transitionsOf(state)) add(t.spec, 'transition', t.path);
  }
  for (const [name, move] of Object.entries(spec.moves ?? {})) add(move, 'move', ['moves', name]);
  for (const [name, procedure] of Object.entries(spec.procedures ?? {})) add(procedure, 'procedure', ['procedures', name]);
  return out;
};

/** The warnings that no acknowledgement where they arise silences. */
export const unacknowledged = (spec: GameSpec, warnings: readonly CheckedWarning[]): CheckedWarning[] => {
  const written = new Set(acknowledgementsOf(spec).map((a) => keyOf(a.at, a.kind)));
  return warnings.filter((w) => !w.by.some((at) => written.has(keyOf(at, w.kind))));
};

/**
 * The acknowledgements that silence none of `warnings`, as warnings at the acknowledgement.
 * `warnings` must be every acknowledgeable warning of the spec (all checks ran), or live ones
 * would be called stale.
 */
export const unmatchedAcknowledgements = (spec: GameSpec, warnings: readonly CheckedWarning[]): { path: DocPath; message: string }[] => {
  const arising = new Set(warnings.flatMap((w) => w.by.map((at) => keyOf(at, w.kind))));
  return acknowledgementsOf(spec)
    .filter((a) => !arising.has(keyOf(a.at, a.kind)))
    .map((a) => {
      const { on, where, none } = PLACES[a.kind];
      const why = on.includes(a.place) ? none : `'${a.kind}' warnings arise on ${where}, not on a ${a.place}`;
      return {
        path: [...a.at, 'acknowledge', a.index],
        message: `'${a.kind}' is acknowledged here but ${why}: remove it, so that it cannot hide a warning that arises later`,
      };
    });
};
