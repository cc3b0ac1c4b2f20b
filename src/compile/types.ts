/** Small questions about expression types that the compiler asks. */
import type { Type } from '../lang/index.ts';

/** The element type of a list type, or undefined when `t` is not a list. */
export const elementType = (t: Type): Type | undefined => (t.kind === 'list' ? t.element : undefined);
