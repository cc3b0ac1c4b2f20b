/**
 * The names every expression of a spec can see, with their types, derived from the spec's
 * declarations. Types are written as type text and parsed by the expression language, so this
 * module needs no knowledge of the type checker's internals.
 */
import type { Problem } from '../spec/diagnostics.ts';
import type { GameSpec, VarSpec, ZoneSpec } from '../spec/types.ts';
import { didYouMean, type ScopeItem } from '../lang/index.ts';

export type FieldTypes = Record<string, string>;

const recordText = (fields: FieldTypes): string =>
  `{${Object.entries(fields)
    .map(([name, type]) => `${name}: ${type}`)
    .join(', ')}}`;

const varFields = (vars: Record<string, VarSpec> | undefined): FieldTypes =>
  Object.fromEntries(Object.entries(vars ?? {}).map(([name, v]) => [name, v.type]));

/** Faces written as an expression are a list by now (compile/faces.ts); one that failed reads as numbers. */
const faceType = (faces: readonly (number | string)[] | string): string =>
  typeof faces === 'string' || faces.every((f) => typeof f === 'number') ? 'number' : 'string';

/** The fields of each component kind's pieces: id, kind, face or attributes, and props. */
export const pieceFieldsByKind = (spec: GameSpec): Map<string, FieldTypes> => {
  const kinds = new Map<string, FieldTypes>();
  for (const [name, die] of Object.entries(spec.components?.dice ?? {})) {
    kinds.set(name, { id: 'string', kind: 'string', face: faceType(die.faces), ...varFields(die.props) });
  }
  for (const [name, set] of Object.entries(spec.components?.cards ?? {})) {
    kinds.set(name, { id: 'string', kind: 'string', ...set.attributes, ...varFields(set.props) });
  }
  return kinds;
};

/**
 * A zone's pieces have the fields that all the kinds it holds share with the same type; a field
 * whose type differs between kinds is reported, since no expression could read it safely.
 */
export const zonePieceFields = (zone: ZoneSpec, kinds: Map<string, FieldTypes>): { fields: FieldTypes; conflicts: string[] } => {
  const held = zone.holds.map((k) => kinds.get(k)).filter((f): f is FieldTypes => f !== undefined);
  const [first, ...rest] = held;
  if (!first) return { fields: { id: 'string', kind: 'string' }, conflicts: [] };
  const fields: FieldTypes = {};
  const conflicts: string[] = [];
  for (const [name, type] of Object.entries(first)) {
    const types = rest.map((f) => f[name]);
    if (types.every((t) => t === type)) fields[name] = type;
    else if (types.every((t) => t !== undefined)) conflicts.push(name);
  }
  return { fields, conflicts };
};

export const pieceTypeText = (fields: FieldTypes): string => recordText(fields);

/**
 * What a zone declares every seat knows of its face-down pieces must be something they have, and
 * a zone whose pieces everybody sees has nothing to declare: either would read as knowledge the
 * bots and the board then do not have.
 */
const knowledgeProblems = (name: string, zone: ZoneSpec, fields: FieldTypes): Problem[] => {
  const out: Problem[] = [];
  const visibility = zone.visibility ?? 'public';
  for (const key of ['knownAttributes', 'knownContents'] as const) {
    if (zone[key] !== undefined && visibility === 'public') {
      out.push({
        path: ['zones', name, key],
        code: 'invalid-rule',
        message: `zone '${name}' is public, so every seat sees its pieces: '${key}' has nothing to add (remove it, or give the zone a visibility that hides pieces)`,
      });
    }
  }
  const readable = Object.keys(fields).filter((f) => f !== 'id' && f !== 'kind');
  (zone.knownAttributes ?? []).forEach((field, i) => {
    if (!readable.includes(field)) {
      out.push({
        path: ['zones', name, 'knownAttributes', i],
        code: 'unknown-name',
        message: `zone '${name}' declares '${field}' known, but the pieces it holds have no attribute '${field}'${didYouMean(field, readable)}`,
      });
    }
  });
  return out;
};

export interface GlobalTypes {
  /** Type text of every global name. */
  names: Record<string, string>;
  /** Type text of one piece of each zone. */
  zonePieces: Record<string, string>;
  problems: Problem[];
}

/**
 * `player` is the active seat's item of `players`, and is read as one: the run-time environment
 * (runtime/env.ts) need not hold it, so a context serves as its own environment.
 */
export const GLOBAL_ITEMS: ReadonlyMap<string, ScopeItem> = new Map([['player', { list: 'players', index: 'active' }]]);

/** The globals: params, game, players, player, teams, zones, numPlayers, active, turn. */
export const globalTypes = (spec: GameSpec): GlobalTypes => {
  const problems: Problem[] = [];
  const params: FieldTypes = {};
  for (const [name, p] of Object.entries(spec.params ?? {})) {
    params[name] = p.type === 'choice' ? 'string' : p.type;
  }
  const kinds = pieceFieldsByKind(spec);
  const zones: FieldTypes = {};
  const zonePieces: Record<string, string> = {};
  for (const [name, zone] of Object.entries(spec.zones ?? {})) {
    for (const kind of zone.holds) {
      if (!kinds.has(kind)) {
        problems.push({
          path: ['zones', name, 'holds'],
          code: 'unknown-name',
          message: `zone '${name}' holds '${kind}', but no die or card set of that name is declared in components`,
        });
      }
    }
    const { fields, conflicts } = zonePieceFields(zone, kinds);
    for (const field of conflicts) {
      problems.push({
        path: ['zones', name, 'holds'],
        code: 'type-mismatch',
        message: `zone '${name}' holds kinds whose field '${field}' has different types; it cannot be read in expressions`,
      });
    }
    problems.push(...knowledgeProblems(name, zone, fields));
    const piece = pieceTypeText(fields);
    zonePieces[name] = piece;
    zones[name] = (zone.owner ?? 'game') === 'game' ? `list<${piece}>` : `list<list<${piece}>>`;
  }
  const player = recordText({ seat: 'number', ...varFields(spec.vars?.player) });
  const team = recordText({ index: 'number', id: 'string', members: 'list<number>', ...varFields(spec.vars?.team) });
  return {
    names: {
      params: recordText(params),
      game: recordText(varFields(spec.vars?.game)),
      players: `list<${player}>`,
      player,
      teams: `list<${team}>`,
      zones: recordText(zones),
      numPlayers: 'number',
      active: 'number',
      turn: 'number',
    },
    zonePieces,
    problems,
  };
};
