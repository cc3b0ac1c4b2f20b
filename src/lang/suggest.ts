/** Edit distance where swapping two neighbouring letters counts as one edit (`scroe` → `score`). */
export function editDistance(a: string, b: string): number {
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min((previous[j] as number) + 1, (current[j - 1] as number) + 1, (previous[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, (before[j - 2] as number) + 1);
      }
      current.push(best);
    }
    before = previous;
    previous = current;
  }
  return previous[b.length] as number;
}

/** The candidate closest to `name`, if one is close enough to be a plausible typo. */
export function suggest(name: string, candidates: Iterable<string>): string | undefined {
  const allowed = name.length <= 3 ? 1 : name.length <= 6 ? 2 : 3;
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    if (candidate === name) continue;
    const distance = candidate.toLowerCase() === name.toLowerCase() ? 0 : editDistance(name, candidate);
    if (distance <= allowed && (distance < bestDistance || (distance === bestDistance && candidate < (best ?? '')))) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

/** ` — did you mean 'score'?`: the one wording of a suggestion, in every stage's messages. */
export const suggestion = (meant: string): string => ` — did you mean '${meant}'?`;

/**
 * ` — did you mean 'score'?`, or nothing when no candidate is close. The one "did you mean" of
 * every stage (expressions, schema messages, variants, locales, the CLI): same threshold, same words.
 */
export function didYouMean(name: string, candidates: Iterable<string>): string {
  const match = suggest(name, candidates);
  return match === undefined ? '' : suggestion(match);
}
