import { isScalar, visit, type Document, type LineCounter, type Scalar, type YAMLError } from 'yaml';
import type { Diagnostic, Severity } from '../spec/diagnostics.ts';
import { pathAtOffset } from './locate.ts';

/** A yaml error or warning: what turning it into a diagnostic reads of it. */
export type YamlIssue = Pick<YAMLError, 'code' | 'message' | 'pos'>;

/** What the yaml library's errors need to become diagnostics. */
export interface YamlContext {
  readonly file: string;
  readonly text: string;
  readonly document: Document;
  readonly lineCounter: LineCounter;
}

const position = (ctx: YamlContext, offset: number): { line: number; column: number } => {
  const clamped = Math.max(0, Math.min(offset, ctx.text.length));
  const { line, col } = ctx.lineCounter.linePos(clamped);
  return line === 0 ? { line: 1, column: clamped + 1 } : { line, column: col };
};

/** A problem of the YAML itself is `yaml-syntax`, unless it is one a later stage names too (a key written twice). */
const make = (
  ctx: YamlContext,
  severity: Severity,
  message: string,
  start: number,
  end: number,
  code: 'yaml-syntax' | 'duplicate-name' = 'yaml-syntax',
): Diagnostic => {
  const from = position(ctx, start);
  const to = position(ctx, Math.max(start, end));
  return {
    severity,
    code,
    message,
    file: ctx.file,
    path: pathAtOffset(ctx.document, start),
    line: from.line,
    column: from.column,
    endLine: to.line,
    endColumn: to.column,
  };
};

/**
 * yaml reports a missing closing quote at the end of the file, where the string it swallowed
 * ends. The designer needs the opening quote instead: find the quoted scalar that runs to there.
 */
const unclosedQuote = (ctx: YamlContext, error: YamlIssue): Scalar | undefined => {
  let found: Scalar | undefined;
  visit(ctx.document, {
    Scalar(_key, node) {
      const quoted = node.type === 'QUOTE_DOUBLE' || node.type === 'QUOTE_SINGLE';
      if (quoted && node.range && node.range[0] < error.pos[0] && node.range[1] >= error.pos[0]) {
        if (!found?.range || node.range[0] > found.range[0]) found = node;
      }
    },
  });
  return found;
};

/** The duplicate key and where the same key first appears in its mapping. */
interface Duplicate {
  readonly name: string;
  readonly end: number | undefined;
  readonly first: number | undefined;
}

const duplicateOf = (ctx: YamlContext, offset: number): Duplicate | undefined => {
  let result: Duplicate | undefined;
  visit(ctx.document, {
    Map(_key, map) {
      const keys = map.items.map((pair) => pair.key).filter((key): key is Scalar => isScalar(key));
      const duplicate = keys.find((key) => key.range?.[0] === offset);
      if (!duplicate) return undefined;
      const first = keys.find((key) => key !== duplicate && String(key.value) === String(duplicate.value));
      result = { name: String(duplicate.value), end: duplicate.range?.[1], first: first?.range?.[0] };
      return visit.BREAK;
    },
  });
  return result;
};

const lineAt = (text: string, offset: number): { start: number; end: number } => {
  const start = text.lastIndexOf('\n', offset - 1) + 1;
  const newline = text.indexOf('\n', offset);
  const end = newline < 0 ? text.length : newline;
  return { start, end: end > start && text[end - 1] === '\r' ? end - 1 : end };
};

const indentation = (text: string, lineStart: number): number => {
  let n = 0;
  while (text[lineStart + n] === ' ') n += 1;
  return n;
};

/**
 * "Nested mappings are not allowed in compact mappings" means a value ran into a `key: value`.
 * Designers get there two ways: a ': ' inside an unquoted value (`title: Dice: the game`), or a
 * line indented deeper than the key above it, which YAML then reads as the continuation of its value.
 */
const keyValueRunTogether = (ctx: YamlContext, offset: number): Diagnostic | undefined => {
  const { text } = ctx;
  const line = lineAt(text, offset);
  const rest = text.slice(offset, line.end);
  if (/:(\s|$)/.test(rest)) {
    const message = 'a value contains \': \', which YAML reads as a new key: put the value in quotes, e.g. "a: b"';
    return make(ctx, 'error', message, offset, line.end);
  }
  let next = line.end;
  while (next < text.length) {
    next = text.indexOf('\n', next);
    if (next < 0) return undefined;
    next += 1;
    const candidate = lineAt(text, next);
    if (text.slice(candidate.start, candidate.end).trim() !== '') break;
  }
  const nextLine = lineAt(text, next);
  const nextIndent = indentation(text, nextLine.start);
  if (nextIndent <= indentation(text, line.start)) return undefined;
  const message =
    'bad indentation: this line is indented more than the line above, which already has a value (keys of one mapping must line up)';
  return make(ctx, 'error', message, nextLine.start + nextIndent, nextLine.end);
};

/** Aliases (`*name`) whose anchor (`&name`) is missing; yaml itself only notices when converting. */
export const unresolvedAliasProblems = (ctx: YamlContext): Diagnostic[] => {
  const problems: Diagnostic[] = [];
  visit(ctx.document, {
    Alias(_key, alias) {
      if (alias.resolve(ctx.document) === undefined && alias.range) {
        const message = `unknown anchor '*${alias.source}': define it earlier with &${alias.source}`;
        problems.push(make(ctx, 'error', message, alias.range[0], alias.range[1]));
      }
    },
  });
  return problems;
};

/** The nearest `open` before `offset` that no closing bracket after it matches. */
const unclosedBracket = (text: string, offset: number, open: '{' | '['): number | undefined => {
  const close = open === '{' ? '}' : ']';
  let depth = 0;
  for (let i = offset - 1; i >= 0; i--) {
    if (text[i] === close) depth += 1;
    else if (text[i] === open) {
      if (depth === 0) return i;
      depth -= 1;
    }
  }
  return undefined;
};

/** Turns one yaml error or warning into a diagnostic a designer can act on. */
export const yamlProblem = (ctx: YamlContext, error: YamlIssue, severity: Severity): Diagnostic => {
  const [start, end] = error.pos;
  switch (error.code) {
    case 'MISSING_CHAR': {
      const scalar = /quote/i.test(error.message) ? unclosedQuote(ctx, error) : undefined;
      if (scalar?.range) {
        const quote = scalar.type === 'QUOTE_SINGLE' ? "'" : '"';
        const at = scalar.range[0];
        return make(ctx, severity, `unclosed string: the ${quote} here has no closing ${quote}`, at, at + 1);
      }
      break;
    }
    case 'DUPLICATE_KEY': {
      const duplicate = duplicateOf(ctx, start);
      const name = duplicate?.name ?? ctx.text.slice(start, end);
      const first = duplicate?.first;
      const where = first === undefined ? '' : ` (first defined at line ${position(ctx, first).line})`;
      const message = `duplicate key '${name}'${where}: a key may appear only once in a mapping`;
      return make(ctx, severity, message, start, duplicate?.end ?? end, 'duplicate-name');
    }
    case 'BAD_INDENT': {
      // yaml notices a flow collection's missing `}` or `]` where the next block starts, lines
      // later: point at the bracket left open instead.
      const flow = /^Flow (map|sequence)/.exec(error.message);
      const at = flow ? unclosedBracket(ctx.text, start, flow[1] === 'map' ? '{' : '[') : undefined;
      if (flow && at !== undefined) {
        const [open, close, kind] = flow[1] === 'map' ? ['{', '}', 'mapping'] : ['[', ']', 'list'];
        return make(ctx, severity, `unclosed '${open}': this ${kind} has no closing '${close}'`, at, lineAt(ctx.text, at).end);
      }
      break;
    }
    case 'TAB_AS_INDENT':
      return make(ctx, severity, 'tabs are not allowed as indentation in YAML: indent with spaces', start, end);
    case 'BLOCK_AS_IMPLICIT_KEY':
    case 'MULTILINE_IMPLICIT_KEY': {
      const runTogether = keyValueRunTogether(ctx, start);
      if (runTogether) return runTogether;
      break;
    }
    case 'MULTIPLE_DOCS':
      return make(
        ctx,
        severity,
        "a spec file holds one document: remove this '---' and what follows, or move it to a file of its own",
        start,
        start + 3,
      );
    default:
      break;
  }
  return make(ctx, severity, error.message, start, end);
};

/** Every key must be a plain name: YAML allows lists or mappings as keys, JavaScript objects do not. */
export const complexKeyProblems = (ctx: YamlContext): Diagnostic[] => {
  const problems: Diagnostic[] = [];
  visit(ctx.document, {
    Pair(_key, pair) {
      const key = pair.key as { range?: [number, number, number] | null } | null;
      if (key !== null && !isScalar(key) && key.range) {
        problems.push(make(ctx, 'error', 'a key must be a plain name, not a list or a mapping', key.range[0], key.range[1]));
      }
    },
  });
  return problems;
};
