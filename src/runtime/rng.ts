/**
 * sfc32, a small fast PRNG whose whole state is four 32-bit words kept in the game state, so the
 * same seed and moves give the same game in the browser, the CLI and the tests.
 */
export type RngState = readonly [number, number, number, number];

/** A seed is any integer or string; strings are hashed so that "1" and 1 give the same game. */
export const seedRng = (seed: number | string): RngState => {
  const text = String(seed);
  let h = 1779033703 ^ text.length;
  for (let i = 0; i < text.length; i++) {
    h = Math.imul(h ^ text.charCodeAt(i), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  // Four words of the hash, mixed in a loop rather than by a closure made for every seed (docs/ARCHITECTURE.md).
  const words: number[] = [];
  for (let i = 0; i < 4; i++) {
    h = Math.imul(h ^ (h >>> 16), 2246822507);
    h = Math.imul(h ^ (h >>> 13), 3266489909);
    words.push((h ^= h >>> 16) >>> 0);
  }
  const rng = new Rng(words as [number, number, number, number]);
  for (let i = 0; i < 12; i++) rng.float();
  return rng.state;
};

/**
 * A mutable cursor over the PRNG, used inside one step and written back after it. It draws in
 * place; `state` is the very array it started from until the first draw, so a step that drew
 * nothing leaves the game state's PRNG untouched (bots use that to tell chance from no chance).
 */
export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;
  private untouched: RngState | undefined;

  constructor(state: RngState) {
    this.untouched = state;
    this.a = state[0] >>> 0;
    this.b = state[1] >>> 0;
    this.c = state[2] >>> 0;
    this.d = state[3] >>> 0;
  }

  get state(): RngState {
    return this.untouched ?? [this.a >>> 0, this.b >>> 0, this.c >>> 0, this.d >>> 0];
  }

  /** A float in [0, 1): the same draw as `next`, without allocating. */
  float(): number {
    this.untouched = undefined;
    const { a, b, c, d } = this;
    const t = (((a + b) | 0) + d) | 0;
    this.d = (d + 1) | 0;
    this.a = b ^ (b >>> 9);
    this.b = (c + (c << 3)) | 0;
    this.c = (((c << 21) | (c >>> 11)) + t) | 0;
    return (t >>> 0) / 4294967296;
  }

  /** An integer in [0, n). */
  below(n: number): number {
    return Math.floor(this.float() * n);
  }

  shuffle<T>(items: readonly T[]): T[] {
    const out = items.slice();
    for (let i = out.length - 1; i > 0; i--) {
      const j = this.below(i + 1);
      const tmp = out[i] as T;
      out[i] = out[j] as T;
      out[j] = tmp;
    }
    return out;
  }
}
