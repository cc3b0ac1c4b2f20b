/**
 * The one bounded cache of the project: every memo kept at module level (parsed expressions, YAML
 * sections, compiled rules, layouts, messages) is an `LruCache` with its own size, so memory stays
 * flat however many texts pass through, and the entries in use survive the ones that are not. It
 * lives in lang, the first stage that keeps one (`parseOnce.ts`).
 */
export class LruCache<K, V> {
  // A Map iterates in insertion order: a hit is moved to the end, so the first key is the least recently used.
  private readonly entries = new Map<K, V>();

  constructor(readonly max: number) {
    if (!Number.isInteger(max) || max < 1) throw new RangeError(`a cache holds at least one entry, not ${max}`);
  }

  get size(): number {
    return this.entries.size;
  }

  /** The value kept for `key`, which becomes the most recently used. */
  get(key: K): V | undefined {
    const value = this.entries.get(key);
    // One lookup on a hit; `has` only tells a kept undefined from a miss.
    if (value === undefined && !this.entries.has(key)) return undefined;
    this.entries.delete(key);
    this.entries.set(key, value as V);
    return value;
  }

  /** Keeps `value` as the most recently used, dropping the least recently used past `max`. */
  set(key: K, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value as K);
  }

  clear(): void {
    this.entries.clear();
  }

  /** The value for `key`, made by `make` and kept when missing. */
  getOrSet(key: K, make: () => V): V {
    const kept = this.get(key);
    if (kept !== undefined || this.entries.has(key)) return kept as V;
    const value = make();
    this.set(key, value);
    return value;
  }
}
