/**
 * sfc32, a small fast PRNG whose whole state is four 32-bit words kept in the game state, so the
 * same seed and moves give the same game in the browser, the CLI and the tests.
 */
export type RngState = readonly [number, number, number, number];

const next = (s: RngState): { value: number; state: RngState } => {
  let [a, b, c, d] = s;
  a >>>= 0;
  b >>>= 0;
  c >>>= 0;
  d >>>= 0;
  const t = (((a + b) | 0) + d) | 0;
  d = (d + 1) | 0;
  a = b ^ (b >>> 9);
  b = (c + (c << 3)) | 0;
  c = (c << 21) | (c >>> 11);
  c = (c + t) | 0;
  return { value: (t >>> 0) / 4294967296, state: [a >>> 0, b >>> 0, c >>> 0, d >>> 0] };
};

/** A seed is any integer or string; strings are hashed so that "1" and 1 give the same game. */
export const seedRng = (seed: number | string): RngState => {
  const text = String(seed);
  let h = 1779033703 ^ text.length;
  for (let i = 0; i < text.length; i++) {
    h = Math.imul(h ^ text.charCodeAt(i), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  const mix = (): number => {
    h = Math.imul(h ^ (h >>> 16), 2246822507);
    h = Math.imul(h ^ (h >>> 13), 3266489909);
    return (h ^= h >>> 16) >>> 0;
  };
  let state: RngState = [mix(), mix(), mix(), mix()];
  for (let i = 0; i < 12; i++) state = next(state).state;
  return state;
};

/** A mutable cursor over the PRNG, used inside one effect run and written back after it. */
export class Rng {
  constructor(public state: RngState) {}

  /** A float in [0, 1). */
  float(): number {
    const r = next(this.state);
    this.state = r.state;
    return r.value;
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
