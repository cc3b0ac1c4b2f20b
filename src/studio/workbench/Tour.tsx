/**
 * The guided first steps, opened from the gallery's "Start here" (`#/<game>?tour=1`): the three
 * things to do with a game, one at a time, each lighting the panel it is about. A step is ticked
 * when the user has really done it (a house rule changed, the diagram used, a move played).
 */
import { useEffect, useState } from 'react';

export type TourPanel = 'edit' | 'diagram' | 'play';

export interface TourProgress {
  readonly rules: boolean;
  readonly flow: boolean;
  readonly played: boolean;
}

interface Step {
  readonly done: keyof TourProgress;
  readonly title: string;
  readonly text: string;
  /** The panel the step is about, lit while the step shows. */
  readonly target: string;
  readonly panel: TourPanel;
}

const STEPS: readonly Step[] = [
  {
    done: 'rules',
    title: 'Tweak a house rule',
    text: 'In House rules, change a number or switch on a variant. The board restarts under the new rule, and a move the rule now refuses stays on the board, disabled, with the reason.',
    target: '.house-rules',
    panel: 'play',
  },
  {
    done: 'flow',
    title: 'Read the turn flow',
    text: 'The statechart is the game\'s turn flow: the current state is lit and the path taken is drawn. Hover a transition for its guard; click one to play that move, or click a state to see where the spec says it.',
    target: '.diagram-pane',
    panel: 'diagram',
  },
  {
    done: 'played',
    title: 'Playtest',
    text: 'Play a move on the board: every seat is yours, or seat a bot. The log says what happened; click a line to go back to that position.',
    target: '.board-pane',
    panel: 'play',
  },
];

interface Props {
  progress: TourProgress;
  /** Shows a panel (on a narrow screen only one shows at a time). */
  onPanel: (panel: TourPanel) => void;
  onClose: () => void;
}

export const Tour = ({ progress, onPanel, onClose }: Props) => {
  const [index, setIndex] = useState(0);
  const step = STEPS[index] as Step;
  useEffect(() => {
    onPanel(step.panel);
    const lit = document.querySelector(step.target);
    lit?.classList.add('tour-target');
    lit?.scrollIntoView({ block: 'nearest' });
    return () => lit?.classList.remove('tour-target');
  }, [step, onPanel]);
  const done = progress[step.done];
  return (
    <section className="tour" role="region" aria-label="First steps" data-testid="tour">
      <ol className="tour-steps">
        {STEPS.map((s, i) => (
          <li key={s.done} className={`${i === index ? 'current' : ''} ${progress[s.done] ? 'done' : ''}`}>
            <button type="button" className="btn ghost small" aria-current={i === index ? 'step' : undefined} onClick={() => setIndex(i)}>
              {progress[s.done] ? '✓' : i + 1}. {s.title}
            </button>
          </li>
        ))}
      </ol>
      <p className="tour-text" data-testid="tour-text">
        <strong>{step.title}.</strong> {step.text}
        {done && <span className="tour-done" data-testid="tour-done"> Done ✓</span>}
      </p>
      <div className="tour-actions">
        {index < STEPS.length - 1 ? (
          <button type="button" className={`btn small ${done ? 'primary' : ''}`} onClick={() => setIndex(index + 1)} data-testid="tour-next">
            Next
          </button>
        ) : (
          <button type="button" className="btn small primary" onClick={onClose} data-testid="tour-finish">
            Finish
          </button>
        )}
        <button type="button" className="btn ghost small" onClick={onClose} aria-label="Close the first steps">
          ✕
        </button>
      </div>
    </section>
  );
};
