/**
 * Issue 13 item 6: a warning the author has checked is acknowledged where it arises
 * (`acknowledge: [kind]` on the state, transition, move or procedure) and is no longer shown; an
 * acknowledgement that matches no warning is a warning itself. On small specs of their own.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileGame } from '../../src/compile/index.ts';
import { formatDiagnostic } from '../../src/spec/diagnostics.ts';
import { validateSpec } from '../../src/validate/index.ts';
import { parseSpecText } from '../../src/parse/index.ts';

/** Where an acknowledgement can be written in SPEC: the line it goes on, by place. */
type Place = 'lonelyState' | 'bState' | 'loopIn' | 'loopBack' | 'spareMove' | 'tidyProcedure' | 'goMove' | 'aState';

const ack = (acks: Partial<Record<Place, string>>, place: Place, indent: number): string =>
  acks[place] ? `\n${' '.repeat(indent)}acknowledge: [${acks[place]}]` : '';

/**
 * Four acknowledgeable warnings: the spare move no state offers, the tidy procedure nobody calls,
 * the lonely state nothing leads to, and b ⇄ c, automatic transitions that can loop.
 */
const spec = (acks: Partial<Record<Place, string>> = {}): string => `id: acks
title: Acknowledgements
players: { min: 1, max: 2 }
vars:
  game:
    n: { type: number, initial: 0 }
moves:
  go:${ack(acks, 'goMove', 4)}
    effects: [{ add: { game.n: 1 } }]
  spare:${ack(acks, 'spareMove', 4)}
    effects: []
procedures:
  tidy:${ack(acks, 'tidyProcedure', 4)}
    effects: []
flow:
  initial: a
  states:
    a:${ack(acks, 'aState', 6)}
      on: { go: b }
    b:${ack(acks, 'bState', 6)}
      on: { go: done }
      always:
        - target: c
          guard: game.n < 3${ack(acks, 'loopIn', 10)}
    c:
      on: { go: done }
      always:
        - target: b
          guard: game.n < 5${ack(acks, 'loopBack', 10)}
    lonely:${ack(acks, 'lonelyState', 6)}
      on: { go: done }
    done: { final: true }
`;

const compile = (text: string) => {
  const { game, diagnostics } = compileGame({ base: { file: 'acks.yaml', text } });
  return { game, warnings: diagnostics.filter((d) => d.severity === 'warning'), messages: diagnostics.map(formatDiagnostic) };
};

const lineOf = (text: string, needle: string): number => text.split('\n').findIndex((l) => l.includes(needle)) + 1;

describe('acknowledged warnings', () => {
  it('every kind of warning is shown, saying how to acknowledge it', () => {
    const { game, messages } = compile(spec());
    expect(game).toBeDefined();
    expect(messages).toHaveLength(4);
    expect(messages).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /warning: move 'spare' is offered by no state of the flow \(if that is intended, write acknowledge: \[unoffered\] on it\)/,
        ),
        expect.stringMatching(/warning: procedure 'tidy' is never called \(if that is intended, write acknowledge: \[unused\] on it\)/),
        expect.stringMatching(/warning: state 'lonely' cannot be reached from the initial state \(.*acknowledge: \[unreachable\]/),
        expect.stringMatching(/warning: automatic transitions can loop: (b → c → b|c → b → c) \(.*acknowledge: \[loop\]/),
      ]),
    );
  });

  it('an acknowledged warning is not shown again, and each acknowledgement silences only its own', () => {
    const text = spec({ lonelyState: 'unreachable', loopIn: 'loop', spareMove: 'unoffered', tidyProcedure: 'unused' });
    expect(compile(text).messages).toEqual([]);
    const some = compile(spec({ lonelyState: 'unreachable', spareMove: 'unoffered' })).messages;
    expect(some).toHaveLength(2);
    expect(some.join('\n')).toMatch(/never called[\s\S]*can loop|can loop[\s\S]*never called/);
  });

  it('a loop is acknowledged on any of its transitions, or on a state one of them leaves', () => {
    for (const place of ['loopIn', 'loopBack', 'bState'] as const) {
      expect(
        compile(spec({ [place]: 'loop' })).messages.filter((m) => m.includes('loop')),
        place,
      ).toEqual([]);
    }
  });

  it('an acknowledgement that matches no warning is itself a warning, at its line', () => {
    const text = spec({ aState: 'unreachable', goMove: 'unoffered', lonelyState: 'unused, unreachable' });
    const { game, warnings } = compile(text);
    expect(game).toBeDefined();
    const stale = warnings.filter((w) => w.message.includes('is acknowledged here'));
    expect(stale.map((w) => [w.line, w.message])).toEqual(
      expect.arrayContaining([
        [
          lineOf(text, 'acknowledge: [unreachable]'),
          "'unreachable' is acknowledged here but this state can be reached: remove it, so that it cannot hide a warning that arises later",
        ],
        [
          lineOf(text, 'acknowledge: [unoffered]'),
          expect.stringContaining("'unoffered' is acknowledged here but a state offers this move"),
        ],
        [
          lineOf(text, 'acknowledge: [unused, unreachable]'),
          expect.stringContaining("'unused' warnings arise on procedures, not on a state"),
        ],
      ]),
    );
    expect(stale).toHaveLength(3);
    // The lonely state's own acknowledgement still holds: only the stale ones are reported.
    expect(warnings.map((w) => w.message).join('\n')).not.toMatch(/'lonely' cannot be reached/);
  });

  it('a stale acknowledgement becomes one when a change removes its warning (fast-check over which are written)', () => {
    const all: [Place, string][] = [
      ['lonelyState', 'unreachable'],
      ['loopIn', 'loop'],
      ['spareMove', 'unoffered'],
      ['tidyProcedure', 'unused'],
    ];
    fc.assert(
      fc.property(fc.subarray(all), (chosen) => {
        const acks = Object.fromEntries(chosen);
        const { warnings } = compile(spec(acks));
        // Every kind not acknowledged is shown; none acknowledged is; nothing is stale.
        expect(warnings.map((w) => /acknowledge: \[(\w+)\]/.exec(w.message)?.[1]).sort()).toEqual(
          all
            .filter(([p]) => !(p in acks))
            .map(([, k]) => k)
            .sort(),
        );
        // Without the warnings (the move offered, the procedure called, the state reached, the loop guarded away)
        // every acknowledgement written is reported stale.
        const fixed = spec(acks)
          .replace('on: { go: b }', 'on: { go: b, spare: lonely }')
          .replace('effects: [{ add: { game.n: 1 } }]', 'effects: [{ add: { game.n: 1 } }, { call: tidy }]')
          .replace('- target: b', '- target: done');
        const after = compile(fixed).warnings;
        expect(after.every((w) => w.message.includes('is acknowledged here'))).toBe(true);
        expect(after).toHaveLength(chosen.length);
      }),
      { numRuns: 16 },
    );
  });

  it('a variant acknowledges a warning it causes; a stale acknowledgement it writes points into its file', () => {
    const base = spec();
    const variant = (kind: string): string => `variant: checked
game: acks
title: Checked
description: The loop is checked.
patch:
  flow:
    states:
      c:
        always:
          - $item: transition#1
            +acknowledge: [${kind}]
`;
    const withLoop = compileGame({ base: { file: 'acks.yaml', text: base }, variants: [{ file: 'checked.yaml', text: variant('loop') }] });
    expect(withLoop.diagnostics.map(formatDiagnostic).filter((m) => m.includes('loop'))).toEqual([]);
    const wrong = compileGame({ base: { file: 'acks.yaml', text: base }, variants: [{ file: 'checked.yaml', text: variant('unused') }] });
    const stale = wrong.diagnostics.find((d) => d.message.includes('is acknowledged here'));
    expect(stale).toMatchObject({ file: 'checked.yaml', line: 11, severity: 'warning' });
    expect(stale?.message).toContain("'unused' warnings arise on procedures, not on a transition");
  });

  it('only the known kinds can be acknowledged (schema, with a did-you-mean)', () => {
    const parsed = parseSpecText(spec({ lonelyState: 'unreachble' }), 'acks.yaml');
    if (!parsed.doc) throw new Error('the spec should parse');
    const problems = validateSpec(parsed.doc).map((d) => `${d.line} ${d.message}`);
    expect(problems.join('\n')).toMatch(/unreachble/);
    expect(problems.join('\n')).toMatch(/unreachable/);
  });
});
