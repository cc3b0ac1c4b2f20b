/** Monaco's completion and hover inside the spec's expressions, answered by exprAssist. */
import type { Monaco } from './monaco.ts';
import { completeAt, exprAt, hoverAt, type AssistItem } from '../../assist/exprAssist.ts';
import { exprContext } from './exprContext.ts';

const markdown = (item: AssistItem): string => [`\`${item.detail}\``, item.documentation ?? ''].filter(Boolean).join('\n\n');

export const registerExpressionAssist = (monaco: Monaco): void => {
  const kinds = monaco.languages.CompletionItemKind;
  const kindOf: Record<AssistItem['kind'], number> = {
    field: kinds.Field,
    variable: kinds.Variable,
    function: kinds.Function,
    local: kinds.Variable,
  };
  monaco.languages.registerCompletionItemProvider('yaml', {
    triggerCharacters: ['.'],
    provideCompletionItems: (model, position) => {
      const cx = exprContext();
      const place = cx ? exprAt(model.getValue(), model.getOffsetAt(position)) : null;
      const done = cx && place ? completeAt(cx, place) : null;
      if (!done) return { suggestions: [] };
      const range = {
        startLineNumber: position.lineNumber,
        endLineNumber: position.lineNumber,
        startColumn: position.column - done.word.length,
        endColumn: position.column,
      };
      return {
        suggestions: done.items.map((item, i) => ({
          label: item.label,
          kind: kindOf[item.kind],
          detail: item.detail,
          documentation: item.documentation ? { value: item.documentation } : undefined,
          insertText: item.label,
          range,
          // The checker's names first, in their order: locals, then globals, then functions.
          sortText: `0${String(i).padStart(4, '0')}`,
        })),
      };
    },
  });
  monaco.languages.registerHoverProvider('yaml', {
    provideHover: (model, position) => {
      const cx = exprContext();
      const place = cx ? exprAt(model.getValue(), model.getOffsetAt(position)) : null;
      const item = cx && place ? hoverAt(cx, place) : null;
      return item ? { contents: [{ value: `**${item.label}**` }, { value: markdown(item) }] } : null;
    },
  });
};
