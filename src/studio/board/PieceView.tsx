/** One piece on the table: a die, a playing card, an attribute card, or a card back. */
import type { Json, Piece } from '../../engine/types.ts';
import { lookOf, type Looks } from './pieceLook.ts';
import { pressable } from '../app/pressable.ts';
import { useT } from '../i18n/index.ts';

interface Props {
  piece: Piece;
  /** The spec's name for the piece (display.pieces), which heads a card drawn as its attributes. */
  name: string | null;
  looks: Looks;
  selectable: boolean;
  picked: boolean;
  onToggle: (id: string) => void;
}

// Pip positions on a 3×3 grid (0..2) for faces 1-6.
const PIPS: Record<number, [number, number][]> = {
  1: [[1, 1]],
  2: [
    [0, 0],
    [2, 2],
  ],
  3: [
    [0, 0],
    [1, 1],
    [2, 2],
  ],
  4: [
    [0, 0],
    [2, 0],
    [0, 2],
    [2, 2],
  ],
  5: [
    [0, 0],
    [2, 0],
    [1, 1],
    [0, 2],
    [2, 2],
  ],
  6: [
    [0, 0],
    [2, 0],
    [0, 1],
    [2, 1],
    [0, 2],
    [2, 2],
  ],
};

const show = (v: Json): string => (typeof v === 'string' ? v : JSON.stringify(v));

const Extra = ({ fields }: { fields: [string, Json][] }) =>
  fields.length === 0 ? null : (
    <dl className="piece-fields">
      {fields.map(([k, v]) => (
        <div key={k}>
          <dt>{k}</dt> <dd>{show(v)}</dd>{' '}
        </div>
      ))}
    </dl>
  );

/**
 * A die's own properties (set by effects, e.g. "attacking") as small tags under the die, so the
 * state that matters to the rules is visible without hovering.
 */
const DieProps = ({ fields }: { fields: [string, Json][] }) => {
  const shown = fields.filter(([, v]) => v !== false && v !== null && v !== '' && v !== 0);
  return (
    <span className="die-props" title={fields.map(([k, v]) => `${k}: ${show(v)}`).join('\n')}>
      {shown.slice(0, 3).map(([k, v]) => (
        <span key={k} className="die-prop">
          {v === true ? k : `${k} ${show(v)}`}
        </span>
      ))}
    </span>
  );
};

export const PieceView = ({ piece, name, looks, selectable, picked, onToggle }: Props) => {
  const t = useT();
  const look = lookOf(piece, looks);
  const cls = ['piece', `piece-${look.type}`, selectable ? 'selectable' : '', picked ? 'picked' : ''].join(' ');
  const common = {
    className: cls,
    'data-piece': piece.id,
    title: `${piece.kind} ${piece.id}`,
    // A toggle named by what it shows ("8 spades value 8"), its state in aria-pressed: a name
    // that holds the visible text (WCAG 2.5.3) is one a voice user can say, and it does not
    // change with the state. It was "pick card card-49", the piece's id.
    ...(selectable ? { ...pressable(null, () => onToggle(piece.id)), 'aria-pressed': picked } : {}),
  };
  switch (look.type) {
    case 'hidden':
      return <div {...common} title={t('piece.hidden')} />;
    case 'die': {
      const die = (
        <div {...common}>
          {look.pips !== null ? (
            <svg viewBox="0 0 30 30" className="die-face" aria-label={t('piece.dieShowing', { kind: piece.kind, pips: look.pips })}>
              {(PIPS[look.pips] ?? []).map(([x, y], i) => (
                <circle key={i} cx={7 + x * 8} cy={7 + y * 8} r={2.6} />
              ))}
            </svg>
          ) : (
            <span className="die-text">{show(look.face)}</span>
          )}
        </div>
      );
      if (look.extra.length === 0) return die;
      return (
        <div className="die-with-props">
          {die}
          <DieProps fields={look.extra} />
        </div>
      );
    }
    case 'card': {
      // A suit written as a symbol is drawn big; a suit written as a word is named under the rank.
      const symbol = look.suit.length <= 2;
      const shortRank = look.rank.length <= 3;
      const extras = look.extra.filter(([, v]) => v !== 0 && v !== false && v !== null && v !== '');
      return (
        <div
          {...common}
          data-suit={look.suitIndex % 4}
          title={`${piece.kind} ${look.rank} ${look.suit}${look.extra.map(([k, v]) => `\n${k}: ${show(v)}`).join('')}`}
        >
          {shortRank && (
            <span className="card-corner" aria-hidden={!symbol}>
              <b>{look.rank}</b>
              <i>{symbol ? look.suit : look.suit.slice(0, 1).toUpperCase()}</i>
            </span>
          )}
          {/* Each word is said once: the corner repeats a word-suit card's rank, the centre a
              symbol card's suit. The spaces between the parts are for the spoken name (the card
              is a flex column, so they take no room): without them it ran together. */}
          <span className={`card-center ${shortRank ? '' : 'word'}`} aria-hidden={symbol && shortRank}>
            {symbol ? look.suit : look.rank}
          </span>{' '}
          {!symbol && <span className="card-suit-name">{look.suit}</span>}{' '}
          {extras.length > 0 && (
            <span className="card-extras">
              {extras.map(([k, v]) => (
                <span key={k}>
                  {k} {show(v)}{' '}
                </span>
              ))}
            </span>
          )}
        </div>
      );
    }
    case 'attrs':
      return (
        <div {...common}>
          <span className="attrs-kind">{piece.kind}</span> {name !== null && <span className="attrs-name">{name}</span>}{' '}
          <Extra fields={look.fields} />
        </div>
      );
  }
};
