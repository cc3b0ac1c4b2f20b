/**
 * The last compiled game's expression scope, for the editor's completion and hover. A plain
 * holder, so the workbench can set it without loading Monaco (the editor is loaded lazily).
 */
import type { ExprContext } from '../../assist/exprAssist.ts';

let current: ExprContext | null = null;

export const setExprContext = (cx: ExprContext | null): void => {
  current = cx;
};

export const exprContext = (): ExprContext | null => current;
