/** exprAssist's and itemKeyHover's answers as LSP's hovers and completion items. */
import { CompletionItemKind, MarkupKind, type CompletionItem, type Hover, type Position } from 'vscode-languageserver';
import type { AssistItem } from '../assist/exprAssist.ts';
import type { ItemKeyHover } from '../assist/itemKeyHover.ts';

const KINDS: Record<AssistItem['kind'], CompletionItemKind> = {
  field: CompletionItemKind.Field,
  variable: CompletionItemKind.Variable,
  function: CompletionItemKind.Function,
  local: CompletionItemKind.Variable,
};

export const exprHover = (item: AssistItem): Hover => ({
  contents: {
    kind: MarkupKind.Markdown,
    value: [`**${item.label}**`, `\`${item.detail}\``, item.documentation ?? ''].filter(Boolean).join('\n\n'),
  },
});

export const itemKeyHover = (hover: ItemKeyHover): Hover => ({
  contents: { kind: MarkupKind.Markdown, value: hover.lines.join('\n\n') },
});

/** The items replace the word before the cursor, and keep the checker's order: locals, globals, then functions. */
export const completionItems = (done: { items: readonly AssistItem[]; word: string }, position: Position): CompletionItem[] => {
  const range = { start: { line: position.line, character: Math.max(0, position.character - done.word.length) }, end: position };
  return done.items.map((item, i) => ({
    label: item.label,
    kind: KINDS[item.kind],
    detail: item.detail,
    documentation: item.documentation ? { kind: MarkupKind.Markdown, value: item.documentation } : undefined,
    textEdit: { range, newText: item.label },
    sortText: `0${String(i).padStart(4, '0')}`,
  }));
};
