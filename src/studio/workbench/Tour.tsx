/**
 * The guided first steps, opened from the gallery's "Start here" (`#/<game>?tour=1`): the three
 * things to do with a game, one at a time, each lighting the panel it is about. A step is ticked
 * when the user has really done it (a house rule changed, the diagram used, a move played).
 */
import { useEffect, useState } from 'react';
import { useT, type PlainMessageId } from '../i18n/index.ts';

export type TourPanel = 'edit' | 'diagram' | 'play';

export interface TourProgress {
  readonly rules: boolean;
  readonly flow: boolean;
  readonly played: boolean;
}

interface Step {
  readonly done: keyof TourProgress;
  readonly title: PlainMessageId;
  readonly text: PlainMessageId;
  /** The panel the step is about, lit while the step shows. */
  readonly target: string;
  readonly panel: TourPanel;
}

const STEPS: readonly Step[] = [
  {
    done: 'rules',
    title: 'start.tweak',
    text: 'tour.rulesText',
    target: '.house-rules',
    panel: 'play',
  },
  {
    done: 'flow',
    title: 'start.flow',
    text: 'tour.flowText',
    target: '.diagram-pane',
    panel: 'diagram',
  },
  {
    done: 'played',
    title: 'start.playtest',
    text: 'tour.playText',
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
  const t = useT();
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
    <section className="tour" aria-label={t('tour.label')} data-testid="tour">
      <ol className="tour-steps">
        {STEPS.map((s, i) => (
          <li key={s.done} className={`${i === index ? 'current' : ''} ${progress[s.done] ? 'done' : ''}`}>
            <button type="button" className="btn ghost small" aria-current={i === index ? 'step' : undefined} onClick={() => setIndex(i)}>
              {progress[s.done] ? '✓' : i + 1}. {t(s.title)}
            </button>
          </li>
        ))}
      </ol>
      <p className="tour-text" data-testid="tour-text">
        <strong>{t(step.title)}.</strong> {t(step.text)}
        {done && (
          <span className="tour-done" data-testid="tour-done">
            {' '}
            {t('tour.done')} ✓
          </span>
        )}
      </p>
      <div className="tour-actions">
        {index < STEPS.length - 1 ? (
          <button
            type="button"
            className={`btn small ${done ? 'primary' : ''}`}
            onClick={() => setIndex(index + 1)}
            data-testid="tour-next"
          >
            {t('tour.next')}
          </button>
        ) : (
          <button type="button" className="btn small primary" onClick={onClose} data-testid="tour-finish">
            {t('tour.finish')}
          </button>
        )}
        <button type="button" className="btn ghost small" onClick={onClose} aria-label={t('tour.close')}>
          ✕
        </button>
      </div>
    </section>
  );
};
