/**
 * The workbench's own state, changed by one pure reducer: each action does what the page asks of
 * it and nothing else, and the splitters keep every column within its bounds.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  initialWorkbench,
  workbenchReducer,
  type WorkbenchAction,
  type WorkbenchState,
} from '../../src/studio/workbench/workbenchState.ts';

const start = initialWorkbench('games/dice/game.yaml', null, false);
const after = (...actions: WorkbenchAction[]): WorkbenchState => actions.reduce(workbenchReducer, start);

describe('workbench state', () => {
  it('opens on the board, with the base file in the editor and no dialog open', () => {
    expect(start).toMatchObject({ view: 'play', active: 'games/dice/game.yaml', rulesAt: null, banner: null });
    expect(Object.values(start.open)).toEqual([false, false, false, false]);
    expect(initialWorkbench('a.yaml', null, true).open.tour).toBe(true);
  });

  it('a reveal shows its file in the editor and asks for the place again with a new nonce', () => {
    const at = { file: 'variants/v.yaml', line: 3, column: 5 };
    const once = after({ type: 'reveal', at, nonce: 1 });
    expect(once.active).toBe('variants/v.yaml');
    expect(once.reveal).toEqual({ ...at, nonce: 1 });
    expect(workbenchReducer(once, { type: 'reveal', at, nonce: 2 }).reveal?.nonce).toBe(2);
  });

  it('dialogs open, close and toggle one by one', () => {
    const both = after({ type: 'open', dialog: 'history' }, { type: 'toggle', dialog: 'keys' });
    expect(both.open).toMatchObject({ history: true, keys: true, compare: false });
    expect(workbenchReducer(both, { type: 'toggle', dialog: 'keys' }).open).toMatchObject({ history: true, keys: false });
    expect(workbenchReducer(both, { type: 'close', dialog: 'history' }).open.history).toBe(false);
    const rules = after({ type: 'rules', focus: 'T-B9' });
    expect(rules.rulesAt).toEqual({ focus: 'T-B9' });
    expect(workbenchReducer(rules, { type: 'close-rules' }).rulesAt).toBeNull();
  });

  it('a storage problem shows once until dismissed', () => {
    const twice = after({ type: 'storage-problem', message: 'full' }, { type: 'storage-problem', message: 'full' });
    expect(twice.storageProblems).toEqual(['full']);
    expect(workbenchReducer(twice, { type: 'dismiss-storage-problem', message: 'full' }).storageProblems).toEqual([]);
  });

  it("a move asked for from the diagram counts as the tour's use of the diagram", () => {
    const asked = after({ type: 'play-from-diagram', move: 'roll', nonce: 7 });
    expect(asked).toMatchObject({ diagramUsed: true, playRequest: { move: 'roll', nonce: 7 }, movePlayed: false });
    expect(workbenchReducer(asked, { type: 'move-played' }).movePlayed).toBe(true);
  });

  it('the splitters keep the editor within 15–70%, the diagram within 10–60% and the board at 15% or more, whatever they are asked', () => {
    const action = fc.oneof(
      fc.record({
        type: fc.constant('splitter' as const),
        which: fc.constantFrom(0 as const, 1 as const),
        at: fc.double({ min: -2, max: 3, noNaN: true }),
      }),
      fc.record({
        type: fc.constant('nudge' as const),
        which: fc.constantFrom(0 as const, 1 as const),
        delta: fc.double({ min: -1, max: 1, noNaN: true }),
      }),
    );
    fc.assert(
      fc.property(fc.array(action, { maxLength: 30 }), (actions) => {
        const [a, b] = after(...actions).columns;
        expect(a).toBeGreaterThanOrEqual(0.15);
        expect(a).toBeLessThanOrEqual(0.7);
        expect(b).toBeGreaterThanOrEqual(0.1);
        expect(b).toBeLessThanOrEqual(0.6);
        expect(1 - a - b).toBeGreaterThanOrEqual(0.15 - 1e-9);
      }),
    );
    expect(after({ type: 'nudge', which: 0, delta: 0.02 }).columns[0]).toBeCloseTo(0.35);
    expect(after({ type: 'splitter', which: 1, at: 0.73 }).columns).toEqual([0.33, expect.closeTo(0.4)]);
    // A wide editor, then the diagram pushed right with the keyboard: the board keeps its 15%.
    const wide = after({ type: 'splitter', which: 0, at: 0.7 }, ...Array(40).fill({ type: 'nudge', which: 1, delta: 0.02 }));
    expect(1 - wide.columns[0] - wide.columns[1]).toBeCloseTo(0.15);
  });
});
