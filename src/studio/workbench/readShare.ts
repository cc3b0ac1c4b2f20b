/**
 * A share link read for the game page it was opened on: the link must be for that game and carry
 * only that game's files, so a link can never show or write another game's files (issue 16).
 */
import { decodeShare, type SharedSpec } from '../persist/share.ts';
import { belongsTo } from './workspace.ts';

export const readShare = async (gameId: string, data: string): Promise<{ shared: SharedSpec } | { error: string }> => {
  const decoded = await decodeShare(data);
  if (!decoded.ok) return { error: decoded.error };
  if (decoded.shared.game !== gameId) return { error: `the link is for the game '${decoded.shared.game}', not '${gameId}'` };
  const foreign = Object.keys(decoded.shared.files).filter((f) => !belongsTo(gameId, f));
  if (foreign.length) return { error: `the link carries files that are not of '${gameId}': ${foreign.slice(0, 3).join(', ')}` };
  return { shared: decoded.shared };
};
