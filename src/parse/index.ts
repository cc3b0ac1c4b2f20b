/** The parse stage: YAML text to a document that knows where every value came from. */
export { parseSpecText } from './parse.ts';
export { sizeProblem } from './size.ts';
export { locate, nodeAt, pathAtOffset, positionOf, spanOf, type LocatePart } from './locate.ts';
export { locateInScalar, locateRangeInScalar } from './locateInScalar.ts';
export { diagnosticAt, diagnosticAtPart } from './diagnostic.ts';
export { scalarOffsetMap } from './scalarMap.ts';
export { placeEdit } from './placeEdit.ts';
export { applyEdits } from './applyEdits.ts';
export type { ParsedDoc, ParseResult, ScalarRange, SourcePosition, SourceSpan } from './types.ts';
