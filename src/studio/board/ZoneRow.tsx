/**
 * A zone as a row of pieces. A hidden stack (a deck) is drawn as a pile with its count rather
 * than forty card backs; a `top` zone shows its top piece on the pile.
 */
import type { Piece, ZoneView } from '../../engine/types.ts';
import type { Looks } from './pieceLook.ts';
import { PieceView } from './PieceView.tsx';
import { knownText } from './knownText.ts';
import { useT, type PlainMessageId } from '../i18n/index.ts';

interface Props {
  zone: ZoneView;
  title: string;
  description?: string;
  looks: Looks;
  /** The spec's name for a visible piece, or null when the display gives its kind none. */
  nameOf: (piece: Piece) => string | null;
  selectable: ReadonlySet<string>;
  picked: ReadonlySet<string>;
  onToggle: (id: string) => void;
}

const VISIBILITY_NOTE: Readonly<Record<ZoneView['visibility'], PlainMessageId>> = {
  public: 'zone.publicNote',
  owner: 'zone.ownerNote',
  hidden: 'zone.hiddenNote',
  top: 'zone.topNote',
};

const VISIBILITY_NAME: Readonly<Record<ZoneView['visibility'], PlainMessageId>> = {
  public: 'zone.public',
  owner: 'zone.owner',
  hidden: 'zone.hidden',
  top: 'zone.top',
};

const PILE_FROM = 6;

export const ZoneRow = ({ zone, title, description, looks, nameOf, selectable, picked, onToggle }: Props) => {
  const t = useT();
  const hidden = zone.pieces.filter((p) => p.hidden === true).length;
  const asPile = zone.count >= PILE_FROM && hidden >= zone.pieces.length - 1 && zone.visibility !== 'public';
  const top = zone.visibility === 'top' ? zone.pieces.find((p) => p.hidden !== true) : undefined;
  const known = knownText(zone, nameOf);
  return (
    <div className={`zone zone-${zone.visibility}`} data-zone={zone.name} data-owner={zone.ownerIndex ?? undefined}>
      <div className="zone-head" title={[description, t(VISIBILITY_NOTE[zone.visibility])].filter(Boolean).join(' — ')}>
        <span className="zone-name">{title}</span>
        <span className="zone-count">{zone.count}</span>
        {zone.visibility !== 'public' && <span className={`zone-vis vis-${zone.visibility}`}>{t(VISIBILITY_NAME[zone.visibility])}</span>}
      </div>
      <div className="zone-pieces">
        {zone.count === 0 && <span className="zone-empty">{t('zone.empty')}</span>}
        {asPile ? (
          <div className="pile" role="group" aria-label={t('zone.pieces', { count: zone.count })}>
            {top ? (
              <PieceView
                piece={top}
                name={nameOf(top)}
                looks={looks}
                selectable={selectable.has(top.id)}
                picked={picked.has(top.id)}
                onToggle={onToggle}
              />
            ) : (
              <div className="piece piece-hidden" />
            )}
            <span className="pile-count">×{zone.count}</span>
          </div>
        ) : (
          zone.pieces.map((p) => (
            <PieceView
              key={p.id}
              piece={p}
              name={nameOf(p)}
              looks={looks}
              selectable={selectable.has(p.id)}
              picked={picked.has(p.id)}
              onToggle={onToggle}
            />
          ))
        )}
      </div>
      {known && <div className="zone-known">{known}</div>}
    </div>
  );
};
