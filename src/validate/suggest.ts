/**
 * Edit distance with adjacent transpositions counted as one edit (optimal string alignment), since
 * swapped letters are the most common typo: `flwo` is one edit from `flow`.
 */
export const editDistance = (a: string, b: string): number => {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) => Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  const at = (i: number, j: number): number => d[i]?.[j] ?? Number.POSITIVE_INFINITY;
  for (let i = 1; i < rows; i += 1) {
    const row = d[i];
    if (!row) continue;
    for (let j = 1; j < cols; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, at(i - 2, j - 2) + 1);
      row[j] = best;
    }
  }
  return at(rows - 1, cols - 1);
};

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
