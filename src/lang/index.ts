export { compileExpr, type CompileResult } from './compile.ts';
export { createLibrary, type DefinitionError } from './definitions.ts';
export type { ExprError, ExprErrorCode } from './errors.ts';
export type { ArgInfo, DefinitionEntry, DefinitionSource, Env, HostFunction, Library, Param, Scope, ScopeItem } from './library.ts';
export { libraryUnder } from './library.ts';
export { fixedValues, type FixedValues } from './fixed.ts';
export { MAX_CALL_DEPTH, type Run } from './codegen.ts';
export { ENGINES, engineReport, isEngine, type Engine, type EngineReport } from './engine.ts';
export { Meter } from './meter.ts';
export { parseType, parseTypeText } from './typeSyntax.ts';
export {
  BOOL,
  NEVER,
  NUMBER,
  STRING,
  formatType,
  isAssignable,
  joinTypes,
  listOf,
  recordOf,
  typeEquals,
  type Type,
} from './types.ts';
export { deepEqual, formatValue, type Value } from './values.ts';
export { didYouMean, editDistance } from './suggest.ts';
