/**
 * How to draw a piece, decided from the spec's component declarations alone (no game knowledge):
 * a die shows its face (pips for 1-6), a card whose set has a rank-like and a suit-like attribute
 * gets a playing-card face, any other piece a readable list of its attributes.
 */
import type { Json, Piece } from '../../engine/types.ts';
import type { CardSetSpec, GameSpec } from '../../spec/types.ts';

export interface CardFace {
  rank: string;
  suit: string;
  /** The suit values in declaration order; a suit's index picks its colour. */
  suits: readonly string[];
}

export interface Looks {
  dice: ReadonlySet<string>;
  cardFaces: ReadonlyMap<string, CardFace>;
  /**
   * Per kind, the props declared with a literal initial value: a prop still at it (a card's ring
   * place -1, not blocking) is bookkeeping not yet in play, left off the piece's face.
   */
  resting: ReadonlyMap<string, ReadonlyMap<string, Json>>;
  /**
   * A prop as the spec's display.props shows it, read in the state on the board: its label and
   * text, null while it is not shown, undefined when the display does not list it.
   */
  prop?: (name: string, value: Json) => { label: string; text: string } | null | undefined;
}

export type PieceLook =
  | { type: 'hidden' }
  | { type: 'die'; face: Json; pips: number | null; extra: [string, Json][] }
  | { type: 'card'; rank: string; suit: string; suitIndex: number; extra: [string, Json][] }
  | { type: 'attrs'; fields: [string, Json][] };

const RANK_NAME = /rank|value|number|face|pip/i;
const SUIT_NAME = /suit|colou?r|house|clan|sign/i;

/** Distinct values each attribute takes over the set, when the spec states them. */
const attributeValues = (set: CardSetSpec): Map<string, (string | number | boolean)[]> => {
  const values = new Map<string, (string | number | boolean)[]>();
  const add = (name: string, v: string | number | boolean): void => {
    const list = values.get(name) ?? [];
    if (!list.includes(v)) list.push(v);
    values.set(name, list);
  };
  for (const [name, list] of Object.entries(set.product ?? {})) for (const v of list) add(name, v);
  for (const card of set.list ?? []) for (const [name, v] of Object.entries(card)) add(name, v);
  return values;
};

const pick = (names: string[], preferred: RegExp): string | undefined => names.find((n) => preferred.test(n)) ?? names[0];

export const cardFaceOf = (set: CardSetSpec): CardFace | null => {
  const values = attributeValues(set);
  const attrs = Object.entries(set.attributes);
  const suitCandidates = attrs
    .filter(([name, type]) => {
      const vs = values.get(name) ?? [];
      return type === 'string' && vs.length >= 2 && vs.length <= 8 && vs.every((v) => String(v).length <= 12);
    })
    .map(([name]) => name);
  const suit = pick(suitCandidates, SUIT_NAME);
  if (!suit) return null;
  const suitCount = values.get(suit)?.length ?? 0;
  const rankCandidates = attrs
    .filter(([name, type]) => {
      if (name === suit) return false;
      const vs = values.get(name) ?? [];
      if (type === 'number') return vs.length >= 3;
      // Ranks are short (A, 2…10, K), though a set may have a special card or two (a joker).
      const short = vs.filter((v) => String(v).length <= 3).length;
      return type === 'string' && vs.length > suitCount && short >= 0.8 * vs.length;
    })
    .map(([name]) => name);
  const rank = pick(rankCandidates, RANK_NAME);
  if (!rank) return null;
  // Several numbers of equal standing (a domino's two ends) are not a rank: no card face then.
  if (!RANK_NAME.test(rank) && rankCandidates.length > 1) return null;
  return { rank, suit, suits: (values.get(suit) ?? []).map(String) };
};

export const looksFromSpec = (spec: GameSpec | undefined): Looks => {
  const cardFaces = new Map<string, CardFace>();
  for (const [name, set] of Object.entries(spec?.components?.cards ?? {})) {
    const face = cardFaceOf(set);
    if (face) cardFaces.set(name, face);
  }
  const resting = new Map<string, Map<string, Json>>();
  for (const [kind, c] of [...Object.entries(spec?.components?.dice ?? {}), ...Object.entries(spec?.components?.cards ?? {})]) {
    // A string initial is an expression, whose value is not known here.
    const literal = Object.entries(c.props ?? {}).filter(([, p]) => typeof p.initial !== 'string');
    if (literal.length > 0) resting.set(kind, new Map(literal.map(([name, p]) => [name, p.initial as Json])));
  }
  return { dice: new Set(Object.keys(spec?.components?.dice ?? {})), cardFaces, resting };
};

const HIDDEN_FIELDS = new Set(['id', 'kind', 'hidden']);

export const fieldsOf = (piece: Piece, omit: readonly string[] = []): [string, Json][] =>
  Object.entries(piece).filter(([k]) => !HIDDEN_FIELDS.has(k) && !omit.includes(k)) as [string, Json][];

/** The fields a piece's face shows: props by the display's words, or left off while at rest. */
const onFace = (piece: Piece, looks: Looks, fields: [string, Json][]): [string, Json][] => {
  const rest = looks.resting.get(piece.kind);
  return fields.flatMap(([name, value]): [string, Json][] => {
    const shown = looks.prop?.(name, value);
    if (shown !== undefined) return shown === null ? [] : [[shown.label, shown.text]];
    return rest?.has(name) && JSON.stringify(rest.get(name)) === JSON.stringify(value) ? [] : [[name, value]];
  });
};

export const lookOf = (piece: Piece, looks: Looks): PieceLook => {
  if (piece.hidden === true) return { type: 'hidden' };
  if (looks.dice.has(piece.kind)) {
    const face = piece.face ?? null;
    const pips = typeof face === 'number' && Number.isInteger(face) && face >= 1 && face <= 6 ? face : null;
    return { type: 'die', face, pips, extra: onFace(piece, looks, fieldsOf(piece, ['face'])) };
  }
  const card = looks.cardFaces.get(piece.kind);
  if (card && piece[card.rank] !== undefined && piece[card.suit] !== undefined) {
    const suit = String(piece[card.suit]);
    return {
      type: 'card',
      rank: String(piece[card.rank]),
      suit,
      suitIndex: Math.max(0, card.suits.indexOf(suit)),
      extra: onFace(piece, looks, fieldsOf(piece, [card.rank, card.suit])),
    };
  }
  return { type: 'attrs', fields: onFace(piece, looks, fieldsOf(piece)) };
};

/** A short text naming a piece, for move descriptions and the log. */
export const pieceLabel = (piece: Piece, looks: Looks): string => {
  const look = lookOf(piece, looks);
  switch (look.type) {
    case 'hidden':
      return 'a hidden piece';
    case 'die':
      // With one kind of die its name adds nothing: "5" reads better than "<kind> 5".
      return looks.dice.size === 1 ? String(look.face) : `${piece.kind} ${String(look.face)}`;
    case 'card':
      return `${look.rank} ${look.suit}`;
    case 'attrs':
      return look.fields.length > 0
        ? look.fields
            .map(([k, v]) => `${k} ${JSON.stringify(v)}`)
            .slice(0, 3)
            .join(', ')
        : piece.id;
  }
};
