/**
 * The closed set of diagnostic codes, as the `yaml` package has its `ErrorCode`: tools and tests
 * match a problem by its code, so a message can be reworded without breaking them. Each code is
 * emitted somewhere (tests/spec/codes.test.ts checks that every one has a case).
 */
export const DIAGNOSTIC_CODES = {
  'yaml-syntax': 'the file is not well-formed YAML',
  'too-large': 'the file passes a size or nesting limit of src/limits.ts',
  'unknown-property': 'a key the schema does not allow here',
  'missing-property': 'a key the schema requires is absent',
  'wrong-type': 'a value of the wrong kind (a list where a mapping belongs, a number where text belongs…)',
  'bad-value': 'a value of the right kind the schema refuses (out of range, not one of the choices, a bad name…)',
  expression: 'an expression that does not check: a syntax error, an unknown name, mismatched types',
  'invalid-rule': 'a rule that does not fit the rest of the spec (an effect, a move, the setup, a bot, the display…)',
  'reserved-name': 'a state name the engine keeps for itself',
  'duplicate-name': 'a state name declared twice in the flow',
  'missing-initial': 'a state with children names no initial child, or names one that is not its child',
  'unknown-target': 'a transition targets a state that does not exist',
  'unknown-move': 'a state offers a move that does not exist',
  'automatic-loop': 'automatic transitions that can fire forever',
  'unoffered-move': 'a move no state offers',
  'unreachable-state': 'a state the initial state cannot reach',
  'unused-procedure': 'a procedure nothing calls',
  'unmatched-acknowledgement': 'an acknowledgement of a warning the spec does not have',
  'flow-build': 'the flow could not be built as a statechart',
  variant: 'a variant that cannot be applied, or leaves the game invalid',
  locale: 'a locale file that does not fit its game',
  rulebook: 'a rulebook file that does not fit its game',
  internal: 'a fault of houserules itself, not of the spec',
  'slow-compile': 'the spec compiled too slowly to be played in the page',
} as const;

export type DiagnosticCode = keyof typeof DIAGNOSTIC_CODES;
