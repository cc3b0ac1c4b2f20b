/**
 * The move log: each move with the lines the engine logged while making it. Clicking a move
 * (or Enter on it) goes back to the position after it (undo to there); later moves stay available to redo.
 */
import { useEffect, useRef } from 'react';
import { logText, readsLine } from '../../engine/index.ts';
import type { LogLine, Move } from '../../engine/types.ts';
import type { Session } from '../play/session.ts';
import type { People } from '../play/gameInfo.ts';
import { formatList, useT } from '../i18n/index.ts';

interface Props {
  session: Session | null;
  people: People | null;
  /** The move made from `session.states[index]`, in words. */
  describe: (move: Move, index: number) => string;
  onJump: (cursor: number) => void;
  /** Whose lines to show: the viewing seat's (null: a spectator's, the public lines only). */
  reader: number | null;
}

/** The lines `reader` may read; a line for some seats only is marked as such. */
const Lines = ({ lines, reader, people }: { lines: readonly LogLine[]; reader: number | null; people: People | null }) => {
  const t = useT();
  return (
    <>
      {lines
        .map((line, i) => ({ line, i }))
        .filter(({ line }) => readsLine(line, reader))
        .map(({ line, i }) => (
          <span key={i} className={`log-line${typeof line === 'string' ? '' : ' log-private'}`}>
            {logText(line)}
            {typeof line !== 'string' && (
              <span className="log-to">
                {' '}
                {t('log.onlyFor', { names: formatList(line.to.map((s) => people?.seat(s) ?? t('online.player', { n: s + 1 }))) })}
              </span>
            )}
          </span>
        ))}
    </>
  );
};

export const LogView = ({ session, people, describe, onJump, reader }: Props) => {
  const t = useT();
  const end = useRef<HTMLLIElement | null>(null);
  const cursor = session?.cursor ?? 0;
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'nearest' });
  }, [cursor]);
  const start = session?.states[0];
  return (
    <section className="pane log-pane" aria-label={t('log.title')}>
      <header className="pane-head">
        <span className="pane-title">{t('log.title')}</span>
        <span className="pane-meta">
          {session
            ? `${t('log.moves', { count: session.cursor })}${session.moves.length > session.cursor ? ` · ${t('log.toRedo', { count: session.moves.length - session.cursor })}` : ''}`
            : ''}
        </span>
      </header>
      <ol className="log" data-testid="log">
        {start && (
          <li className={`log-entry ${cursor === 0 ? 'current' : ''}`} onClick={() => onJump(0)}>
            <button type="button" className="log-move" aria-current={cursor === 0 ? 'step' : undefined}>
              {t('log.start')}
            </button>
            <Lines lines={start.context.log} reader={reader} people={people} />
          </li>
        )}
        {session?.moves.map((move, i) => {
          // The engine starts each move with an empty log: a state's log is what its move wrote.
          const lines = session.states[i + 1]?.context.log ?? [];
          return (
            <li
              key={i}
              className={`log-entry ${i + 1 === cursor ? 'current' : ''} ${i + 1 > cursor ? 'future' : ''}`}
              onClick={() => onJump(i + 1)}
              ref={i + 1 === cursor ? end : undefined}
              title={t('log.goBack')}
            >
              {/* A button for the keyboard; its click bubbles to the entry's, which any line of it takes. */}
              <button type="button" className="log-move" aria-current={i + 1 === cursor ? 'step' : undefined}>
                <span className="log-num">{i + 1}.</span> {people?.seat(move.seat) ?? ''}: {describe(move, i)}
              </button>
              <Lines lines={lines} reader={reader} people={people} />
            </li>
          );
        })}
      </ol>
    </section>
  );
};
