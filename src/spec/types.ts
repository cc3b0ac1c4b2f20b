/**
 * The shape of a game spec as written in YAML (after parsing and schema validation).
 * Expressions are kept as source strings here; the check stage type-checks them and the
 * compile stage turns them into closures. `docs/LANGUAGE.md` documents every field.
 */

/** An expression in the rules language, as the user wrote it. */
export type ExprSource = string;

export interface GameSpec {
  /** The version of the rules language it is written for (spec/version.ts). */
  houserules?: number;
  id: string;
  title: string;
  description?: string;
  players: PlayersSpec;
  teams?: TeamsSpec;
  params?: Record<string, ParamSpec>;
  components?: ComponentsSpec;
  zones?: Record<string, ZoneSpec>;
  vars?: VarsSpec;
  definitions?: Record<string, DefinitionSpec>;
  scoring?: Record<string, ScoringTableSpec>;
  turns?: TurnsSpec;
  moves?: Record<string, MoveSpec>;
  procedures?: Record<string, ProcedureSpec>;
  flow: FlowSpec;
  bots?: Record<string, BotSpec>;
  metrics?: Record<string, MetricSpec>;
  display?: DisplaySpec;
}

export interface PlayersSpec {
  min: number;
  max: number;
  default?: number;
}

/** Seats grouped into teams. `alternate`: seat i is in team i mod n; `split`: contiguous halves. */
export interface TeamsSpec {
  ids: string[];
  assign?: 'alternate' | 'split';
  titles?: Record<string, string>;
}

export type ParamSpec = NumberParamSpec | BoolParamSpec | ChoiceParamSpec;

interface ParamBase {
  description: string;
  title?: string;
  /** Rule ids this knob comes from, e.g. ["T-B9"]. */
  rules?: string[];
}

export interface NumberParamSpec extends ParamBase {
  type: 'number';
  default: number;
  min?: number;
  max?: number;
  step?: number;
}

export interface BoolParamSpec extends ParamBase {
  type: 'bool';
  default: boolean;
}

export interface ChoiceParamSpec extends ParamBase {
  type: 'choice';
  default: string;
  choices: string[];
}

export interface ComponentsSpec {
  dice?: Record<string, DieSpec>;
  cards?: Record<string, CardSetSpec>;
}

export interface PieceStart {
  /** The zone the pieces start in. A per-player or per-team zone gets `count` pieces each. */
  zone: string;
}

export interface DieSpec {
  description?: string;
  /** The faces, all numbers or all strings; or an expression over params giving them. */
  faces: (number | string)[] | ExprSource;
  /** How many dice of this kind; an expression over params and numPlayers. */
  count: ExprSource | number;
  start: string;
  /** Mutable per-piece properties with their initial values. */
  props?: Record<string, VarSpec>;
}

export interface CardSetSpec {
  description?: string;
  /** Attribute names and types of every card of the set. */
  attributes: Record<string, 'number' | 'string' | 'bool'>;
  /** Cards listed one by one. */
  list?: Record<string, number | string | boolean>[];
  /** Cards generated as the product of attribute values; `derive` computes more attributes. */
  product?: Record<string, (number | string | boolean)[]>;
  derive?: Record<string, ExprSource>;
  /** Keep only generated cards for which this holds. */
  where?: ExprSource;
  /** How many copies of each card (expression over the card's attributes and params). */
  copies?: ExprSource | number;
  start: string;
  props?: Record<string, VarSpec>;
}

export type ZoneOwner = 'game' | 'player' | 'team';
export type Visibility = 'public' | 'owner' | 'hidden' | 'top';

export interface ZoneSpec {
  description?: string;
  owner?: ZoneOwner;
  /** Component kind names (a die kind or a card set) this zone may hold. */
  holds: string[];
  ordered?: boolean;
  visibility?: Visibility;
  /** Attributes every seat knows of each face-down piece here, as a stack built in public layers shows which layer lies where. */
  knownAttributes?: string[];
  /** Every seat knows which pieces lie here face down, though not where: a pile everybody saw being made. */
  knownContents?: boolean;
}

export type VarType = 'number' | 'bool' | 'string' | 'list<number>' | 'list<string>' | 'list<bool>';

export interface VarSpec {
  type: VarType;
  initial: ExprSource | number | boolean | (number | string | boolean)[];
  description?: string;
}

export interface VarsSpec {
  game?: Record<string, VarSpec>;
  player?: Record<string, VarSpec>;
  team?: Record<string, VarSpec>;
}

export interface DefinitionSpec {
  description?: string;
  params?: Record<string, string>;
  returns?: string;
  body: ExprSource;
}

export interface ScoringTableSpec {
  description?: string;
  /** Combinations by id; the order of keys is the order in which readings are tried. */
  combos: Record<string, ComboSpec>;
}

export interface ComboSpec {
  description?: string;
  /** n dice showing the same face; binds `face` (and `n` when a range). */
  same?: number | { min: number; max: number };
  /** Groups of distinct faces with these sizes; binds `faces` (one face per group). */
  groups?: number[];
  /** n dice in a run of consecutive faces; binds `low` and `high`. */
  run?: number;
  /** An exact sub-multiset of faces (list literal or expression). */
  faces?: number[] | ExprSource;
  when?: ExprSource;
  points: ExprSource | number;
}

export interface TurnsSpec {
  /** The seat that plays first (expression). Default 0. */
  first?: ExprSource | number;
  /** The seat after `active` (expression). Default (active + 1) % numPlayers. */
  next?: ExprSource;
}

export type Guard = ExprSource | GuardClause[];

export interface GuardClause {
  /** A name, unique in its list, by which a variant addresses this test. */
  id?: string;
  test: ExprSource;
  reason: string;
  /** The numbered rules this test implements, shown with the reason. */
  rules?: string[];
}

/**
 * The checker's warnings an author can acknowledge where they arise (`acknowledge:`): a loop of
 * automatic transitions, a state nothing reaches, a move no state offers, a procedure nobody calls.
 */
export type WarningKind = 'loop' | 'unreachable' | 'unoffered' | 'unused';

export interface MoveSpec {
  title?: string;
  description?: string;
  rules?: string[];
  acknowledge?: WarningKind[];
  /** The seat or seats that may make the move (number or list<number>). Default `active`. */
  by?: ExprSource;
  args?: Record<string, ArgSpec>;
  guard?: Guard;
  effects?: Effect[];
}

export type ArgSpec = OneOfArgSpec | SubsetArgSpec | AssignArgSpec;

interface ArgBase {
  title?: string;
  /** A constraint on the chosen value; the argument is in scope under its own name. */
  where?: ExprSource;
}

export interface OneOfArgSpec extends ArgBase {
  oneOf: ExprSource;
}

export interface SubsetArgSpec extends ArgBase {
  subsetOf: ExprSource;
  min?: ExprSource | number;
  max?: ExprSource | number;
}

export interface AssignArgSpec extends ArgBase {
  assign: { from: ExprSource; to: ExprSource };
}

/** Any effect may carry an `id`, unique in its list, by which a variant addresses it. */
export interface EffectId {
  id?: string;
}

/**
 * Each effect kind's own fields, by the key it is written with (`set: {...}`, `if: ...`). An
 * effect is one of them with an optional `id`; src/compile/effects/ has a file per key.
 */
export interface EffectForms {
  set: { set: Record<string, ExprSource | number | boolean> };
  add: { add: Record<string, ExprSource | number> };
  let: { let: Record<string, ExprSource | number | boolean> };
  move: { move: MoveEffect };
  shuffle: { shuffle: ExprSource };
  roll: { roll: ExprSource };
  deal: { deal: DealEffect };
  if: { if: ExprSource; then?: Effect[]; else?: Effect[] };
  forEach: { forEach: { var: string; in: ExprSource; do: Effect[] } };
  while: { while: ExprSource; do: Effect[]; max?: ExprSource | number };
  call: { call: string; with?: Record<string, ExprSource | number | boolean> };
  log: { log: string; to?: ExprSource | number };
  nextTurn: { nextTurn: { seat?: ExprSource } | null };
  endGame: { endGame: { winners: ExprSource } };
}

/** The key an effect of each kind is written with. */
export type EffectKey = keyof EffectForms;

/** An effect of one kind. */
export type EffectOf<K extends EffectKey> = EffectId & EffectForms[K];

export type Effect = { [K in EffectKey]: EffectOf<K> }[EffectKey];

/** A named list of effects with typed parameters, run by the `call` effect. */
export interface ProcedureSpec {
  description?: string;
  acknowledge?: WarningKind[];
  params?: Record<string, string>;
  effects: Effect[];
}

export interface MoveEffect {
  from: ExprSource;
  to: ExprSource;
  /** Which pieces: a list expression. Without it, `count` pieces from `take`, or all. */
  pieces?: ExprSource;
  count?: ExprSource | number;
  take?: 'top' | 'bottom' | 'random';
  put?: 'top' | 'bottom';
}

export interface DealEffect {
  from: ExprSource;
  /** A per-player zone name. */
  to: string;
  count: ExprSource | number;
}

export interface FlowSpec {
  initial: string;
  states: Record<string, StateSpec>;
}

export interface StateSpec {
  description?: string;
  rules?: string[];
  acknowledge?: WarningKind[];
  entry?: Effect[];
  exit?: Effect[];
  initial?: string;
  states?: Record<string, StateSpec>;
  /** Automatic transitions, tried in order after every step. */
  always?: TransitionSpec[];
  /** Moves available in this state and where each leads. */
  on?: Record<string, string | TransitionSpec | TransitionSpec[]>;
  final?: boolean;
}

export interface TransitionSpec {
  id?: string;
  description?: string;
  rules?: string[];
  acknowledge?: WarningKind[];
  target?: string;
  guard?: Guard;
  effects?: Effect[];
  /** Leave and enter the target again even when it is the current state. */
  reenter?: boolean;
}

/**
 * A named strategy: ordered preferences over the legal moves, and optionally an evaluation of a
 * position for `seat` (0 lost … 1 won) used when no preference applies and by greedy and MCTS.
 */
export interface BotSpec {
  description?: string;
  /** The moves the strategy ever weighs: the others are left out unless that leaves none. */
  consider?: ConsiderSpec[];
  prefer?: PreferenceSpec[];
  evaluate?: ExprSource;
}

/** Of one move's legal choices, those the strategy weighs; all must hold when several name the move. */
export interface ConsiderSpec {
  move: string;
  /** Only the choices for which this holds; sees `seat` and the move's arguments. */
  when?: ExprSource;
  /** A `subsetOf` argument: only the choices whose list has no legal choice inside it (nothing superfluous). */
  minimal?: string;
}

export interface PreferenceSpec {
  move: string;
  /** Only when this holds; sees `seat` and the move's arguments. */
  when?: ExprSource;
  /** Among the moves this preference allows, the highest score is played. */
  score?: ExprSource;
}

/**
 * A number measured in every simulated game: `value` at the end of the game (`per: game`), or at
 * the end of every turn and at the end, combined into one number (`per: turn`). Games where
 * `when` does not hold do not count.
 */
export interface MetricSpec {
  title: string;
  description?: string;
  value: ExprSource | number | boolean;
  when?: ExprSource;
  per?: 'game' | 'turn';
  combine?: 'mean' | 'sum' | 'min' | 'max' | 'last';
  format?: 'number' | 'percent';
  digits?: number;
  unit?: string;
  rules?: string[];
}

/** Presentation as data: how the state reads to players (docs/LANGUAGE.md, Display). */
export interface DisplaySpec {
  /** A seat's name; `seat` in scope. */
  seat?: ExprSource;
  /** A team's name; `team` (its index) in scope. */
  team?: ExprSource;
  score?: { label?: string; value: ExprSource };
  vars?: { game?: Record<string, DisplayVarSpec>; player?: Record<string, DisplayVarSpec>; team?: Record<string, DisplayVarSpec> };
  /** A piece's name by component kind; `piece` in scope. */
  pieces?: Record<string, ExprSource>;
  /** How a piece's props read on its face, by prop name; `value` in scope. */
  props?: Record<string, DisplayVarSpec>;
  zones?: Record<string, { label?: string; hidden?: boolean }>;
  /** A move's text by move name, in the move's scope. */
  moves?: Record<string, ExprSource>;
}

export interface DisplayVarSpec {
  label: string;
  /** The value as text; `value` in scope (and `seat` or `team` for a per-owner variable). */
  format?: ExprSource;
  when?: ExprSource;
}
