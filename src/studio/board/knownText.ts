/**
 * What a zone's face-down pieces are known to be, in words for the board: the attributes they
 * still show (from the top when the zone is ordered) and the pieces a zone is
 * known to hold. Null when the zone declares nothing of the kind.
 */
import { knownOf } from '../../engine/view.ts';
import type { Piece, ZoneView } from '../../engine/types.ts';
import { t } from '../i18n/index.ts';

/** Runs of equal texts, counted: "3 × J, 4 × Q". */
const runs = (texts: readonly string[]): string => {
  const out: [string, number][] = [];
  for (const t of texts) {
    const last = out[out.length - 1];
    if (last && last[0] === t) last[1]++;
    else out.push([t, 1]);
  }
  return out.map(([t, n]) => (n === 1 ? t : `${n} × ${t}`)).join(', ');
};

export const knownText = (zone: ZoneView, nameOf: (piece: Piece) => string | null): string | null => {
  const parts: string[] = [];
  const faceDown = zone.pieces.filter((p) => p.hidden === true);
  const shown = faceDown.map((p) => Object.values(knownOf(p)).map(String).join(' '));
  if (shown.some((t) => t !== '')) {
    const texts = shown.map((t) => t || '?');
    parts.push(zone.ordered ? t('zone.faceDownTop', { list: runs(texts) }) : t('zone.faceDown', { list: runs([...texts].sort()) }));
  }
  if (zone.contents && zone.contents.length > 0) {
    parts.push(t('zone.faceDownSomeOrder', { list: zone.contents.map((p) => nameOf(p) ?? p.id).join(', ') }));
  }
  return parts.length > 0 ? parts.join('. ') : null;
};
