/**
 * Every move the state offers, as buttons: the legal ones play (the move the picked pieces point
 * to, or a list of the remaining options when the choice is still open); the others are shown
 * disabled with the reason the rules refuse them, in their tooltip and in the "Illegal moves" list.
 * Pressing a refused move shows the guard that refuses it in the editor.
 */
import { Cited } from '../rules/Cited.tsx';
import { useEffect, useState } from 'react';
import type { MoveOption, Refusal } from '../../engine/whyNot.ts';
import type { Move } from '../../engine/types.ts';
import type { DocPath } from '../../spec/diagnostics.ts';
import { moveTitle, type GameInfo, type People } from '../play/gameInfo.ts';
import { isReady, missingArgs, resolveChoice, type MoveChoice } from './selection.ts';
import { formatList, useT, type Translate } from '../i18n/index.ts';

interface Props {
  game: GameInfo;
  /** Names the seats a refusal speaks of. */
  people: People;
  choices: readonly MoveChoice[];
  picked: ReadonlySet<string>;
  onPlay: (move: Move) => void;
  onClearPicked: () => void;
  describe: (move: Move) => string;
  /** Shown instead of buttons when no human can move now. */
  waiting: string | null;
  /** The moves offered here that the rules refuse, each with its reason. */
  refused: readonly MoveOption[];
  onRevealGuard: (path: DocPath) => void;
  /** A move asked for elsewhere (the diagram): pressed as if its button were. */
  request: { move: string; nonce: number } | null;
  /** The move a hint prefers: its button (and its option, when open) are marked. */
  hinted: Move | null;
}

/** The engine's own reasons in the interface's language; the spec's reasons as the spec (or its translation) words them. */
const reasonText = (r: Refusal, t: Translate, people: People): string => {
  const why = r.why;
  if (!why) return r.reason;
  switch (why.kind) {
    case 'over':
      return t('refusal.over');
    case 'seat':
      return t('refusal.seat', { seat: people.seat(why.seat), seats: formatList(why.seats.map((s) => people.seat(s))) });
    case 'noChoiceMeets':
      return t('refusal.noChoiceMeets', { arg: why.arg, where: why.where });
    case 'nothingToChoose':
      return t('refusal.nothingToChoose', { arg: why.arg });
    case 'noWay':
      return t('refusal.noWay');
  }
};

const refusalText = (r: Refusal, t: Translate, people: People): string => {
  const reason = reasonText(r, t, people);
  const missing = r.rules.filter((id) => !reason.includes(id));
  return missing.length > 0 ? `${reason} (${missing.join(', ')})` : reason;
};

const MAX_OPTIONS = 60;

const distinct = (moves: readonly Move[], describe: (m: Move) => string): Move[] => {
  const seen = new Set<string>();
  return moves.filter((m) => {
    const key = `${m.seat}:${describe(m)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
};

export const MoveBar = ({
  game,
  people,
  choices,
  picked,
  onPlay,
  onClearPicked,
  describe,
  waiting,
  refused,
  onRevealGuard,
  request,
  hinted,
}: Props) => {
  const t = useT();
  const [open, setOpen] = useState<string | null>(null);
  // The options list belongs to one position: close it when the choices change.
  useEffect(() => {
    setOpen(null);
  }, [choices]);
  const press = (c: MoveChoice): void => {
    const r = resolveChoice(c, picked.size);
    if ('play' in r) onPlay(r.play);
    else setOpen(open === c.name ? null : c.name);
  };
  useEffect(() => {
    if (!request) return;
    const choice = choices.find((c) => c.name === request.move && c.candidates.length > 0);
    const refusal = refused.find((o) => o.move === request.move)?.refusal;
    if (choice) press(choice);
    else if (refusal?.path) onRevealGuard(refusal.path);
  }, [request?.nonce]);
  const openChoice = choices.find((c) => c.name === open);
  const resolved = openChoice ? resolveChoice(openChoice, picked.size) : null;
  // Moves that read the same (the same faces on different dice) are one option to a player.
  const options = resolved && 'options' in resolved ? distinct(resolved.options, describe) : null;
  const hintedText = hinted ? describe(hinted) : null;

  if (waiting) return <div className="move-bar waiting">{waiting}</div>;
  return (
    <div className="move-bar">
      <div className="move-buttons">
        {choices.map((c) => {
          const disabled = c.candidates.length === 0;
          const isHinted = hinted?.move === c.name;
          return (
            <button
              key={c.name}
              type="button"
              className={`btn move ${open === c.name ? 'open' : ''} ${isReady(c, picked.size) ? 'ready' : ''} ${isHinted ? 'hinted' : ''}`}
              data-testid={`move-${c.name}`}
              disabled={disabled}
              title={[
                game.moves[c.name]?.description,
                disabled ? t('moves.notWithPicked') : t('moves.ways', { count: c.candidates.length }),
                isHinted ? t('moves.theHint', { move: hintedText ?? '' }) : '',
              ]
                .filter(Boolean)
                .join(' — ')}
              onClick={() => press(c)}
            >
              {moveTitle(game, c.name)}
              {c.candidates.length > 1 && <span className="move-count">{c.exact.length > 0 ? c.exact.length : c.candidates.length}</span>}
            </button>
          );
        })}
        {refused.map((o) => (
          <button
            key={`refused-${o.move}`}
            type="button"
            className="btn move refused"
            aria-disabled="true"
            data-testid={`move-${o.move}`}
            data-refused="true"
            title={`${t('moves.notAllowed', { reason: o.refusal ? refusalText(o.refusal, t, people) : '' })}${o.refusal?.path ? ` — ${t('moves.pressToSee')}` : ''}`}
            onClick={() => o.refusal?.path && onRevealGuard(o.refusal.path)}
          >
            {moveTitle(game, o.move)}
          </button>
        ))}
        {picked.size > 0 && (
          <button type="button" className="btn ghost small" onClick={onClearPicked}>
            {t('moves.clearPicked', { count: picked.size })}
          </button>
        )}
      </div>
      {refused.length > 0 && (
        <div className="illegal-moves" data-testid="illegal-moves">
          <span className="illegal-head">{t('moves.illegal')}</span>
          <ul>
            {refused.map((o) => (
              <li key={o.move}>
                <button
                  type="button"
                  className="link"
                  disabled={!o.refusal?.path}
                  onClick={() => o.refusal?.path && onRevealGuard(o.refusal.path)}
                  title={t('moves.showRule')}
                >
                  <b>{moveTitle(game, o.move)}</b>
                </button>
                : {o.refusal ? <Cited text={refusalText(o.refusal, t, people)} /> : ''}
              </li>
            ))}
          </ul>
        </div>
      )}
      {choices.length > 0 && picked.size === 0 && choices.some((c) => c.candidates.length > 1) && (
        <p className="move-hint">{t('moves.pickHint')}</p>
      )}
      {openChoice && options && (
        <div className="move-options" role="group" aria-label={t('moves.waysTo', { move: moveTitle(game, openChoice.name) })}>
          {missingArgs(game.spec.moves?.[openChoice.name]?.args) && (
            <p className="move-hint" data-testid="move-missing">
              {t('moves.needs', {
                move: moveTitle(game, openChoice.name),
                args: missingArgs(game.spec.moves?.[openChoice.name]?.args) ?? '',
                why: t(picked.size > 0 ? 'moves.severalWays' : 'moves.nothingPicked'),
              })}
            </p>
          )}
          {options.slice(0, MAX_OPTIONS).map((m, i) => (
            <button
              key={i}
              type="button"
              className={`btn option ${describe(m) === hintedText ? 'hinted' : ''}`}
              onClick={() => onPlay(m)}
              data-testid={`option-${openChoice.name}-${i}`}
            >
              {describe(m)}
            </button>
          ))}
          {options.length > MAX_OPTIONS && <span className="move-hint">{t('moves.more', { count: options.length - MAX_OPTIONS })}</span>}
        </div>
      )}
    </div>
  );
};
