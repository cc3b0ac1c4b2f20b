/** Game controls: player count, seed (fresh or fixed), new game, undo/redo, bot speed, view. */
import { useState } from 'react';
import type { People } from '../play/gameInfo.ts';
import type { BotSpeed } from '../play/usePlaytest.ts';
import { useT, type PlainMessageId } from '../i18n/index.ts';

export type ViewChoice = 'auto' | 'spectator' | number;

const SPEEDS: readonly BotSpeed[] = ['slow', 'normal', 'fast', 'instant'];
const SPEED_NAMES: Readonly<Record<BotSpeed, PlainMessageId>> = {
  slow: 'toolbar.slow',
  normal: 'toolbar.normal',
  fast: 'toolbar.fast',
  instant: 'toolbar.instant',
};
const asSpeed = (v: string): BotSpeed => SPEEDS.find((s) => s === v) ?? 'normal';

interface Props {
  players: number;
  minPlayers: number;
  maxPlayers: number;
  onPlayers: (n: number) => void;
  seed: number | null;
  onNewGame: (seed: number | null) => void;
  canUndo: boolean;
  canRedo: boolean;
  onUndo: () => void;
  onRedo: () => void;
  botSpeed: BotSpeed;
  onBotSpeed: (s: BotSpeed) => void;
  viewChoice: ViewChoice;
  onViewChoice: (v: ViewChoice) => void;
  people: People | null;
}

export const PlayToolbar = (p: Props) => {
  const t = useT();
  const [fixed, setFixed] = useState(false);
  const [seedText, setSeedText] = useState('');
  const seedValue = Number.parseInt(seedText, 10);
  return (
    <div className="toolbar play-toolbar">
      <label className="field" title={t('toolbar.playersTitle')}>
        <span>{t('toolbar.players')}</span>
        <select value={p.players} onChange={(e) => p.onPlayers(Number(e.target.value))} data-testid="players">
          {Array.from({ length: Math.max(1, p.maxPlayers - p.minPlayers + 1) }, (_, i) => p.minPlayers + i).map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </label>
      <label className="field" title={t('toolbar.seedTitle')}>
        <input type="checkbox" checked={fixed} onChange={(e) => setFixed(e.target.checked)} data-testid="seed-fixed" />
        <span>{t('toolbar.seed')}</span>
        <input
          className="seed-input"
          inputMode="numeric"
          placeholder={p.seed !== null ? String(p.seed) : t('toolbar.random')}
          value={seedText}
          onChange={(e) => {
            setSeedText(e.target.value.replace(/[^0-9]/g, ''));
            setFixed(true);
          }}
          data-testid="seed"
        />
      </label>
      <button
        type="button"
        className="btn primary"
        data-testid="new-game"
        onClick={() => p.onNewGame(fixed ? (Number.isFinite(seedValue) ? seedValue : p.seed) : null)}
        title={t(fixed ? 'toolbar.newFixed' : 'keys.newGame')}
      >
        {t('start.newGame')}
      </button>
      <span className="toolbar-sep" />
      <button type="button" className="btn" data-testid="undo" disabled={!p.canUndo} onClick={p.onUndo} title={t('toolbar.undoTitle')}>
        ↶ {t('toolbar.undo')}
      </button>
      <button type="button" className="btn" data-testid="redo" disabled={!p.canRedo} onClick={p.onRedo} title={t('toolbar.redo')}>
        ↷ {t('toolbar.redo')}
      </button>
      <span className="toolbar-sep" />
      <label className="field" title={t('toolbar.botsTitle')}>
        <span>{t('toolbar.bots')}</span>
        <select value={p.botSpeed} onChange={(e) => p.onBotSpeed(asSpeed(e.target.value))} data-testid="bot-speed">
          {SPEEDS.map((s) => (
            <option key={s} value={s}>
              {t(SPEED_NAMES[s])}
            </option>
          ))}
        </select>
      </label>
      <label className="field" title={t('toolbar.viewTitle')}>
        <span>{t('toolbar.view')}</span>
        <select
          value={String(p.viewChoice)}
          onChange={(e) =>
            p.onViewChoice(e.target.value === 'auto' || e.target.value === 'spectator' ? e.target.value : Number(e.target.value))
          }
          data-testid="view-as"
        >
          <option value="auto">{t('toolbar.hotSeat')}</option>
          <option value="spectator">{t('toolbar.spectator')}</option>
          {Array.from({ length: p.players }, (_, i) => (
            <option key={i} value={i}>
              {p.people?.seat(i) ?? i + 1}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
};
