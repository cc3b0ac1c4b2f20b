/** Our diagnostics, fixes and assist answers as LSP's: 1-based spans to 0-based ranges, a Fix to a quick fix. */
import { describe, expect, it } from 'vitest';
import { CodeActionKind, CompletionItemKind, DiagnosticSeverity } from 'vscode-languageserver';
import { completionItems, exprHover, itemKeyHover } from '../../src/lsp/assist.ts';
import { actionsIn, codeActionsOf, overlaps, toLspEdit } from '../../src/lsp/codeActions.ts';
import { rangeOf, toLspDiagnostic } from '../../src/lsp/diagnostics.ts';
import type { Diagnostic, Fix } from '../../src/spec/diagnostics.ts';

const URI = 'file:///games/g/variants/v.yaml';

const diagnostic = (fixes?: Fix[]): Diagnostic => ({
  severity: 'error',
  code: 'unknown-property',
  message: "unknown property 'flwo' — did you mean 'flow'?",
  file: '/games/g/variants/v.yaml',
  path: ['flwo'],
  line: 3,
  column: 5,
  endLine: 3,
  endColumn: 9,
  fixes,
});

const rename = (text: string): Fix => ({
  title: `Change to '${text}'`,
  edits: [{ start: 20, end: 24, replaces: 'flwo', line: 3, column: 5, endLine: 3, endColumn: 9, text }],
});

describe('diagnostics as LSP', () => {
  it('moves 1-based line:column spans to 0-based ranges', () => {
    expect(rangeOf(3, 5, 4, 2)).toEqual({ start: { line: 2, character: 4 }, end: { line: 3, character: 1 } });
  });

  it('makes a span without its end the empty range at its start', () => {
    expect(rangeOf(11, 44)).toEqual({ start: { line: 10, character: 43 }, end: { line: 10, character: 43 } });
  });

  it('carries the code, the message and the severity, with houserules as the source', () => {
    expect(toLspDiagnostic(diagnostic())).toEqual({
      range: { start: { line: 2, character: 4 }, end: { line: 2, character: 8 } },
      severity: DiagnosticSeverity.Error,
      code: 'unknown-property',
      source: 'houserules',
      message: "unknown property 'flwo' — did you mean 'flow'?",
    });
    expect(toLspDiagnostic({ ...diagnostic(), severity: 'warning' }).severity).toBe(DiagnosticSeverity.Warning);
  });
});

describe('fixes as quick fixes', () => {
  it('makes a text edit of a 1-based edit', () => {
    expect(toLspEdit({ start: 0, end: 4, replaces: 'flwo', line: 1, column: 1, endLine: 1, endColumn: 5, text: 'flow' })).toEqual({
      range: { start: { line: 0, character: 0 }, end: { line: 0, character: 4 } },
      newText: 'flow',
    });
  });

  it('makes a lone fix a preferred quick fix with its diagnostic and its edits in the same file', () => {
    const d = diagnostic([rename('flow')]);
    expect(codeActionsOf(URI, d)).toEqual([
      {
        title: "Change to 'flow'",
        kind: CodeActionKind.QuickFix,
        diagnostics: [toLspDiagnostic(d)],
        isPreferred: true,
        edit: {
          changes: { [URI]: [{ range: { start: { line: 2, character: 4 }, end: { line: 2, character: 8 } }, newText: 'flow' }] },
        },
      },
    ]);
  });

  it('offers two readings and prefers neither', () => {
    const actions = codeActionsOf(URI, diagnostic([rename('flow'), rename('floor')]));
    expect(actions.map((a) => [a.title, a.isPreferred])).toEqual([
      ["Change to 'flow'", false],
      ["Change to 'floor'", false],
    ]);
  });

  it('has no action for a diagnostic without fixes', () => {
    expect(codeActionsOf(URI, diagnostic())).toEqual([]);
  });

  it("answers only for the diagnostics the editor's range touches", () => {
    const d = diagnostic([rename('flow')]);
    const at = (line: number, character: number) => ({ start: { line, character }, end: { line, character } });
    expect(actionsIn(URI, [d], at(2, 6))).toHaveLength(1);
    expect(actionsIn(URI, [d], at(2, 8))).toHaveLength(1);
    expect(actionsIn(URI, [d], at(5, 0))).toEqual([]);
  });

  it('counts touching ends as overlapping and apart ranges as not', () => {
    const r = (a: number, b: number) => ({ start: { line: 0, character: a }, end: { line: 0, character: b } });
    expect(overlaps(r(0, 3), r(3, 5))).toBe(true);
    expect(overlaps(r(0, 2), r(3, 5))).toBe(false);
    expect(overlaps(r(4, 4), r(3, 5))).toBe(true);
  });
});

describe('assist answers as LSP', () => {
  it("hovers a name with its type or signature and the spec's description, in Markdown", () => {
    const hover = exprHover({ label: 'game.turnPoints', kind: 'field', detail: 'number', documentation: 'Points this turn.' });
    expect(hover.contents).toEqual({ kind: 'markdown', value: '**game.turnPoints**\n\n`number`\n\nPoints this turn.' });
  });

  it("hovers a variant's list item with its key lines", () => {
    expect(itemKeyHover({ key: 'confirmed', list: 'moves.bank.guard', lines: ['a', 'b'] }).contents).toEqual({
      kind: 'markdown',
      value: 'a\n\nb',
    });
  });

  it('completes over the word before the cursor, in the order given', () => {
    const items = completionItems(
      {
        word: 'le',
        items: [
          { label: 'levels', kind: 'field', detail: 'list<number>' },
          { label: 'len', kind: 'function', detail: 'len(list) → number' },
        ],
      },
      { line: 4, character: 10 },
    );
    expect(items.map((i) => [i.label, i.kind, i.sortText])).toEqual([
      ['levels', CompletionItemKind.Field, '00000'],
      ['len', CompletionItemKind.Function, '00001'],
    ]);
    expect(items[0]?.textEdit).toEqual({
      range: { start: { line: 4, character: 8 }, end: { line: 4, character: 10 } },
      newText: 'levels',
    });
  });
});
