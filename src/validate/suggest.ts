/** Suggestions for misspelt names in schema messages; the edit distance is the expression language's. */
import { editDistance } from '../lang/index.ts';

export { editDistance };

/**
 * The candidate closest to `word`, if it is close enough to be what the writer meant: at most one
 * edit per three letters (at least one, at most three). Case is ignored (`Flow` suggests `flow`).
 */
export const closestName = (word: string, candidates: readonly string[]): string | undefined => {
  const limit = Math.min(3, Math.max(1, Math.floor(word.length / 3)));
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const candidate of candidates) {
    if (candidate === word) continue;
    const distance = editDistance(word.toLowerCase(), candidate.toLowerCase());
    if (distance <= limit && distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
};

/** ` (did you mean 'x'?)`, or nothing. */
export const didYouMean = (word: string, candidates: readonly string[]): string => {
  const best = closestName(word, candidates);
  return best === undefined ? '' : ` (did you mean '${best}'?)`;
};
