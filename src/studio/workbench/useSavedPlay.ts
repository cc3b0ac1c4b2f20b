/**
 * The playtest's game as the user left it (their own version only: a share link opens its own
 * game), saved after every move; a move played on the same game counts as the tour's "played".
 */
import { useCallback, useRef, useState } from 'react';
import { loadPlay, savePlay, type SavedPlay } from '../persist/storage.ts';

export interface SavedPlayHook {
  readonly savedPlay: SavedPlay | null;
  readonly onSavePlay: (play: SavedPlay) => boolean;
}

export const useSavedPlay = (gameId: string, own: boolean, onMovePlayed: () => void): SavedPlayHook => {
  const [savedPlay] = useState(() => (own ? loadPlay(gameId) : null));
  const lastPlay = useRef<SavedPlay | null>(savedPlay);
  const onSavePlay = useCallback(
    (play: SavedPlay) => {
      const before = lastPlay.current;
      if (before && before.seed === play.seed && play.cursor === before.cursor + 1) onMovePlayed();
      lastPlay.current = play;
      return own && savePlay(gameId, play);
    },
    [gameId, own, onMovePlayed],
  );
  return { savedPlay, onSavePlay };
};
