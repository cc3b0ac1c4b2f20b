/**
 * Issue 16, in `npm test`: a bounded number of fuzz cases (see fuzzing.ts; `npm run fuzz` runs
 * many more). No case may throw anything but the pipeline's own located errors.
 */
import { describe, expect, it } from 'vitest';
import { fuzzReplays, fuzzSchemaSpecs, fuzzSpecs } from './fuzzing.ts';

describe('fuzzing the pipeline', () => {
  it('mutated shipped specs: parse → … → compile → 100 random moves, no uncaught exception', () => {
    const report = fuzzSpecs(40, 100);
    expect(report.findings).toEqual([]);
    expect(report.cases).toBe(40);
  }, 600_000);

  it('specs drawn from the game schema: parse → … → compile → 100 random moves, no uncaught exception', () => {
    const report = fuzzSchemaSpecs(60, 100);
    expect(report.findings).toEqual([]);
    expect(report.cases).toBe(60);
    // Three in four are drawn well-formed (schemaSpecs.ts): if the share that compiles falls, the
    // schema half of the fuzzer no longer reaches play, which is what this guards.
    expect(report.compiled).toBeGreaterThanOrEqual(0.3 * report.cases);
    expect(report.moves).toBeGreaterThan(report.compiled);
  }, 600_000);

  it('random move logs through replay: refused with a reason or replayed, never an exception', () => {
    const report = fuzzReplays(120);
    expect(report.findings).toEqual([]);
    expect(report.cases).toBe(120);
    expect(report.moves).toBeGreaterThan(0);
  }, 600_000);
});
