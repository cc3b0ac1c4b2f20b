/**
 * The closed set of diagnostic codes, as the `yaml` package has its `ErrorCode`: tools and tests
 * match a problem by its code, so a message can be reworded without breaking them. Each code is
 * emitted somewhere (tests/check/codes.test.ts checks that every one has a case).
 */
export const DIAGNOSTIC_CODES = {
  'yaml-syntax': 'the file is not well-formed YAML',
  'too-large': "the spec passes a size limit of src/limits.ts: the file's size or nesting, the number of pieces, a loop's bound",
  'unknown-property': 'a key the schema does not allow here',
  'missing-property': 'a key the schema requires is absent',
  'wrong-type': 'a value of the wrong kind (a list where a mapping belongs, a number where text belongs…)',
  'bad-value': 'a value of the right kind the schema refuses (out of range, not one of the choices, a bad name…)',
  'expression-syntax':
    'an expression, a type or a log template that cannot be read: a missing bracket, a stray word, a bad number or string',
  'unknown-name':
    'a name nothing declares: a variable, function, field or type in an expression, or a zone, procedure, param or table a rule names',
  'type-mismatch': 'a value of the wrong type where it is used: adding a bool, comparing a number with text, a list where a number belongs',
  'wrong-arguments': 'a call whose arguments do not fit: too many or too few, of the wrong types, a value where a function belongs',
  'broken-definition': 'a definition that cannot be used: its own text has errors, or it calls itself without a returns type',
  'invalid-rule': 'a rule that does not fit the rest of the spec (an effect, a move, the setup, a bot, the display…)',
  'reserved-name': 'a name kept for something else: a word of the rules language, a built-in function, a state name the engine keeps',
  'duplicate-name': 'a name declared twice: a key of a mapping, a state of the flow, a definition, a parameter, a field of a record',
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
  'language-version':
    'a file written for an older version of the rules language (its fix brings it up to date), or one that says no version where two versions would read it differently',
  locale: 'a locale file that does not fit its game',
  rulebook: 'a rulebook file that does not fit its game',
  'runtime-error':
    'a calculation of the spec failed while the game ran: an index past the end of a list, a division by zero, first of an empty list',
  'work-limit': 'the spec asked for more work while the game ran than a limit of src/limits.ts allows (steps, items, choices, loops)',
  internal: 'a fault of houserules itself, not of the spec',
  'slow-compile': 'the spec compiled too slowly to be played in the page',
} as const;

export type DiagnosticCode = keyof typeof DIAGNOSTIC_CODES;
