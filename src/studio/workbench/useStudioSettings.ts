/**
 * The house rules, params, players and seats chosen for a game, kept in the browser for the
 * user's own version (a share link brings its own and saves nothing), with a stable setter each
 * so the memoised panes do not re-render on every keystroke.
 */
import { useCallback, useEffect, useState } from 'react';
import type { Json } from '../../engine/types.ts';
import type { SharedSpec } from '../persist/share.ts';
import { loadSettings, saveSettings, type GameSettings } from '../persist/storage.ts';
import type { SeatKind } from '../play/seats.ts';

const initialSettings = (gameId: string, shared: SharedSpec | null, preset: string[] | null): GameSettings => {
  const s = loadSettings(gameId);
  if (shared) return { ...s, variants: shared.variants, params: shared.params };
  if (preset) return { ...s, variants: preset };
  return s;
};

export interface StudioSettings {
  readonly settings: GameSettings;
  readonly onPlayers: (n: number) => void;
  readonly onSeats: (next: SeatKind[]) => void;
  readonly onVariants: (variants: string[]) => void;
  readonly onParams: (params: Record<string, Json>) => void;
}

export const useStudioSettings = (gameId: string, shared: SharedSpec | null, presetVariants: string[] | null): StudioSettings => {
  const [settings, setSettings] = useState(() => initialSettings(gameId, shared, presetVariants));
  const own = shared === null;
  useEffect(() => {
    if (own) saveSettings(gameId, settings);
  }, [gameId, settings, own]);
  const onPlayers = useCallback((n: number) => setSettings((s) => ({ ...s, players: n })), []);
  const onSeats = useCallback((next: SeatKind[]) => setSettings((s) => ({ ...s, seats: next })), []);
  const onVariants = useCallback((variants: string[]) => setSettings((s) => ({ ...s, variants })), []);
  const onParams = useCallback((params: Record<string, Json>) => setSettings((s) => ({ ...s, params })), []);
  return { settings, onPlayers, onSeats, onVariants, onParams };
};
