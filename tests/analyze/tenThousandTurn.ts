/**
 * An independent solution of one turn of 10,000 (T-B1, T-B3, T-B5, T-B7, T-B8, T-B9, T-B14) for
 * a player who has not entered yet, written from the rules text and not from the spec: rolls are
 * every ordered sequence of faces (6^n of them, each 6^-n), a roll's points its best reading by
 * the T-B5 table, and a turn total past the target is worth nothing, so the states are finite and
 * the value exact with no cut.
 */
const triple = (f: number): number => (f === 1 ? 1000 : 100 * f);

/** The best reading of a roll by T-B5: [points, dice used]. */
export const readRoll = (faces: readonly number[]): [number, number] => {
  const counts = [0, 0, 0, 0, 0, 0, 0];
  for (const f of faces) counts[f]!++;
  const best = (c: number[]): [number, number] => {
    let top: [number, number] = [0, 0];
    const consider = (points: number, used: number, rest: number[]): void => {
      const [p, u] = best(rest);
      if (points + p > top[0]) top = [points + p, used + u];
    };
    const straight = (from: number): boolean => [0, 1, 2, 3, 4].every((k) => c[from + k]! > 0);
    for (const from of [1, 2]) {
      if (straight(from))
        consider(
          1500,
          5,
          c.map((x, f) => (f >= from && f < from + 5 ? x - 1 : x)),
        );
    }
    for (let f = 1; f <= 6; f++) {
      for (const [k, times] of [
        [5, 4],
        [4, 2],
        [3, 1],
      ] as const) {
        if (c[f]! >= k)
          consider(
            times * triple(f),
            k,
            c.map((x, g) => (g === f ? x - k : x)),
          );
      }
    }
    if (c[1]! > 0)
      consider(
        100,
        1,
        c.map((x, g) => (g === 1 ? x - 1 : x)),
      );
    if (c[5]! > 0)
      consider(
        50,
        1,
        c.map((x, g) => (g === 5 ? x - 1 : x)),
      );
    return top;
  };
  return best(counts);
};

export interface TurnRules {
  readonly entry: number;
  readonly target: number;
  readonly dice: number;
}

/** Every roll of n dice as [probability, points, dice used], ordered sequences merged by reading. */
const rollsOf = (n: number): [number, number, number][] => {
  const tally = new Map<string, [number, number, number]>();
  const total = 6 ** n;
  for (let code = 0; code < total; code++) {
    const faces: number[] = [];
    for (let i = 0, x = code; i < n; i++, x = Math.floor(x / 6)) faces.push((x % 6) + 1);
    const [points, used] = readRoll(faces);
    const key = `${points},${used}`;
    const known = tally.get(key);
    if (known) known[0] += 1 / total;
    else tally.set(key, [1 / total, points, used]);
  }
  return [...tally.values()];
};

/**
 * The expected first bank of a turn under best play, and the best move at each (turn total,
 * free dice) after a roll that scored without a full hand.
 */
export const solveFirstTurn = (rules: TurnRules): { expected: number; bankFrom: Map<number, number[]> } => {
  const rolls = new Map<number, [number, number, number][]>();
  for (let n = 1; n <= rules.dice; n++) rolls.set(n, rollsOf(n));
  const memo = new Map<string, number>();
  const banks = new Map<string, boolean>();
  /** Value before deciding, with `points` this turn and `free` dice to roll; `must`: a full hand. */
  const decide = (points: number, free: number, must: boolean): number => {
    if (points > rules.target) return 0;
    const key = `${points},${free},${must}`;
    const known = memo.get(key);
    if (known !== undefined) return known;
    let roll = 0;
    for (const [p, gained, used] of rolls.get(free)!) {
      if (gained === 0) continue;
      const left = free - used;
      roll += p * (left === 0 ? decide(points + gained, rules.dice, true) : decide(points + gained, left, false));
    }
    const canBank = !must && points % 100 === 0 && points >= rules.entry;
    const value = canBank ? Math.max(points, roll) : roll;
    if (!must) banks.set(key, canBank && points >= roll);
    memo.set(key, value);
    return value;
  };
  const expected = decide(0, rules.dice, true);
  const bankFrom = new Map<number, number[]>();
  for (const [key, bank] of banks) {
    const [points, free] = key.split(',').map(Number) as [number, number];
    if (bank)
      bankFrom.set(
        free,
        [...(bankFrom.get(free) ?? []), points].sort((a, b) => a - b),
      );
  }
  return { expected, bankFrom };
};
