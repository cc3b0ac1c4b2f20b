/**
 * The move log: each move with the lines the engine logged while making it. Clicking a move
 * (or Enter on it) goes back to the position after it (undo to there); later moves stay available to redo.
 */
import { useEffect, useRef } from 'react';
import type { Move } from '../../engine/types.ts';
import type { Session } from '../play/session.ts';
import type { People } from '../play/gameInfo.ts';
import { useT } from '../i18n/index.ts';

interface Props {
  session: Session | null;
  people: People | null;
  /** The move made from `session.states[index]`, in words. */
  describe: (move: Move, index: number) => string;
  onJump: (cursor: number) => void;
}

export const LogView = ({ session, people, describe, onJump }: Props) => {
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
        <span className="pane-meta">{session ? `${t('log.moves', { count: session.cursor })}${session.moves.length > session.cursor ? ` · ${t('log.toRedo', { count: session.moves.length - session.cursor })}` : ''}` : ''}</span>
      </header>
      <ol className="log" data-testid="log">
        {start && (
          <li className={`log-entry ${cursor === 0 ? 'current' : ''}`} onClick={() => onJump(0)}>
            <button type="button" className="log-move" aria-current={cursor === 0 ? 'step' : undefined}>
              {t('log.start')}
            </button>
            {start.context.log.map((line, i) => (
              <span key={i} className="log-line">
                {line}
              </span>
            ))}
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
              {lines.map((line, j) => (
                <span key={j} className="log-line">
                  {line}
                </span>
              ))}
            </li>
          );
        })}
      </ol>
    </section>
  );
};
