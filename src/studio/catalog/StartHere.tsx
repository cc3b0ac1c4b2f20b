/**
 * The gallery's "Start here": the three things to do with a game, a guided first step into one
 * (the shipped game with the shortest spec, the easiest to read), and a new game of one's own.
 */
import { useState } from 'react';
import { gameHash } from '../app/route.ts';

interface Props {
  /** The game the guided first step opens. */
  first: { id: string; title: string } | null;
  onNewGame: (title: string) => void;
}

const THINGS: readonly [string, string][] = [
  ['Tweak a house rule', 'Change a number or switch on a variant: the game restarts under your rule, and says why a move it now refuses is not allowed.'],
  ['Read the turn flow', 'The statechart shows every state of a turn and what leads where; the current state is lit, and clicking a move plays it.'],
  ['Playtest', 'Play every seat yourself or seat bots, undo from the log, and measure the balance of your rules over many games.'],
];

export const StartHere = ({ first, onNewGame }: Props) => {
  const [naming, setNaming] = useState(false);
  const [title, setTitle] = useState('');
  return (
    <section className="start-here" aria-labelledby="start-here-title" data-testid="start-here">
      <h1 id="start-here-title">Start here</h1>
      <ol className="start-things">
        {THINGS.map(([what, how]) => (
          <li key={what}>
            <strong>{what}</strong>
            <span>{how}</span>
          </li>
        ))}
      </ol>
      <div className="start-actions">
        {first && (
          <a className="btn primary" href={gameHash(first.id, { tour: '1' })} data-testid="start-tour">
            Take the first step with {first.title}
          </a>
        )}
        {naming ? (
          <form
            className="new-game-form"
            onSubmit={(e) => {
              e.preventDefault();
              onNewGame(title);
            }}
          >
            <label>
              Name of the new game{' '}
              <input autoFocus value={title} onChange={(e) => setTitle(e.target.value)} placeholder="My game" data-testid="new-game-title" />
            </label>
            <button type="submit" className="btn primary" data-testid="new-game-create">
              Create
            </button>
            <button type="button" className="btn ghost" onClick={() => setNaming(false)}>
              Cancel
            </button>
          </form>
        ) : (
          <button type="button" className="btn" onClick={() => setNaming(true)} data-testid="new-game" title="A new game of your own, from a small complete template">
            New game
          </button>
        )}
      </div>
    </section>
  );
};
