import { isScalar, type Scalar } from 'yaml';

/**
 * Maps each UTF-16 unit of a scalar's string value to the source offset it came from, so that an
 * error at character 7 of an expression lands on the right line and column even when YAML has
 * folded lines, stripped indentation or decoded escapes on the way.
 *
 * The result has `value.length + 1` entries: the last is the offset just past the value. The YAML
 * folding rules are re-enacted here, and the reconstruction is checked against the value `yaml`
 * produced; when they disagree (an exotic case this code does not model) the map is not trusted
 * and undefined is returned, so callers fall back to the scalar's start rather than a wrong place.
 */
export const scalarOffsetMap = (text: string, node: Scalar): number[] | undefined => {
  if (!isScalar(node) || !node.range) return undefined;
  const [start, end] = node.range;
  const value = node.value;
  if (typeof value !== 'string') {
    // Numbers, booleans and nulls: their source is a single plain token; count within it.
    return identityMap(start, end, String(value).length);
  }
  const first = text[start];
  let mapped: Mapped | undefined;
  if (first === '|' || first === '>') mapped = mapBlock(text, start, end, value);
  else if (first === '"' || first === "'") mapped = mapFlow(text, start, end, first, value);
  else mapped = mapFlow(text, start, end, '', value);
  return mapped;
};

type Mapped = number[];

const identityMap = (start: number, end: number, length: number): Mapped => {
  const map: number[] = [];
  for (let i = 0; i <= length; i += 1) map.push(Math.min(start + i, end));
  return map;
};

const isBreak = (c: string | undefined): boolean => c === '\n' || c === '\r';
const isWhite = (c: string | undefined): boolean => c === ' ' || c === '\t';

/** Collects value characters with their source offsets. */
class Builder {
  readonly chars: string[] = [];
  readonly offsets: number[] = [];
  push(chars: string, offset: number): void {
    // An escape can decode to two UTF-16 units (\U0001F600); both point at the escape.
    for (let k = 0; k < chars.length; k += 1) {
      this.chars.push(chars[k] ?? '');
      this.offsets.push(offset);
    }
  }
  truncate(length: number): void {
    this.chars.length = length;
    this.offsets.length = length;
  }
  get length(): number {
    return this.chars.length;
  }
  result(expected: string, endOffset: number): Mapped | undefined {
    if (this.chars.join('') !== expected) return undefined;
    return [...this.offsets, endOffset];
  }
}

const SIMPLE_ESCAPES: Readonly<Record<string, string>> = {
  '0': '\0',
  a: '\x07',
  b: '\b',
  t: '\t',
  '\t': '\t',
  n: '\n',
  v: '\v',
  f: '\f',
  r: '\r',
  e: '\x1b',
  ' ': ' ',
  '"': '"',
  '/': '/',
  '\\': '\\',
  N: '\x85',
  _: '\xa0',
  L: '\u2028',
  P: '\u2029',
};
const HEX_ESCAPES: Readonly<Record<string, number>> = { x: 2, u: 4, U: 8 };

/** Skips a single line break (\n, \r\n or \r) at `i`. */
const skipBreak = (text: string, i: number): number => {
  if (text[i] === '\r' && text[i + 1] === '\n') return i + 2;
  return isBreak(text[i]) ? i + 1 : i;
};

/**
 * Consumes line breaks and the whitespace around them starting at a break; returns the position
 * after them and the number of breaks. Lines holding only whitespace count as empty lines.
 */
const consumeBreaks = (text: string, i: number, stop: number): { next: number; breaks: number } => {
  let breaks = 0;
  let j = i;
  while (j < stop) {
    if (isBreak(text[j])) {
      breaks += 1;
      j = skipBreak(text, j);
    } else if (isWhite(text[j])) {
      j += 1;
    } else {
      break;
    }
  }
  return { next: j, breaks };
};

/** Plain, single-quoted and double-quoted scalars: line folding, '' and backslash escapes. */
const mapFlow = (text: string, start: number, end: number, quote: '' | '"' | "'", expected: string): Mapped | undefined => {
  const value = new Builder();
  let i = quote ? start + 1 : start;
  // An unclosed quote never reaches here (parse errors stop the pipeline), but stay safe.
  const stop = quote && end - 1 > start && text[end - 1] === quote ? end - 1 : end;
  // Where the current run of raw spaces/tabs began in the value: YAML drops it before a line break.
  let whiteFrom = -1;
  while (i < stop) {
    const c = text[i] ?? '';
    if (isBreak(c)) {
      if (whiteFrom >= 0) value.truncate(whiteFrom);
      whiteFrom = -1;
      const { next, breaks } = consumeBreaks(text, i, stop);
      // One break folds to a space; n breaks (n-1 empty lines) keep n-1 newlines.
      if (breaks === 1) value.push(' ', i);
      else value.push('\n'.repeat(breaks - 1), i);
      i = next;
    } else if (quote === '"' && c === '\\') {
      const e = text[i + 1] ?? '';
      if (isBreak(e)) {
        // An escaped line break joins the lines without a space; whitespace before it is kept.
        whiteFrom = -1;
        const afterBreak = skipBreak(text, i + 1);
        let j = afterBreak;
        while (j < stop && isWhite(text[j])) j += 1;
        if (isBreak(text[j])) {
          const { next, breaks } = consumeBreaks(text, j, stop);
          value.push('\n'.repeat(breaks), j);
          j = next;
        }
        i = j;
      } else if (e in SIMPLE_ESCAPES) {
        value.push(SIMPLE_ESCAPES[e] ?? '', i);
        whiteFrom = -1;
        i += 2;
      } else if (e in HEX_ESCAPES) {
        const digits = HEX_ESCAPES[e] ?? 0;
        const hex = text.slice(i + 2, i + 2 + digits);
        const code = /^[0-9a-fA-F]+$/.test(hex) ? parseInt(hex, 16) : NaN;
        value.push(Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : hex, i);
        whiteFrom = -1;
        i += 2 + digits;
      } else {
        value.push(e, i);
        whiteFrom = -1;
        i += 2;
      }
    } else if (quote === "'" && c === "'" && text[i + 1] === "'") {
      value.push("'", i);
      whiteFrom = -1;
      i += 2;
    } else {
      if (isWhite(c)) {
        if (whiteFrom < 0) whiteFrom = value.length;
      } else {
        whiteFrom = -1;
      }
      value.push(c, i);
      i += 1;
    }
  }
  return value.result(expected, stop);
};

/** A source line without its line break. */
interface Line {
  readonly start: number;
  readonly end: number;
}

const splitLines = (text: string, from: number, to: number): Line[] => {
  const lines: Line[] = [];
  let i = from;
  while (i < to) {
    let j = i;
    while (j < to && !isBreak(text[j])) j += 1;
    lines.push({ start: i, end: j });
    i = skipBreak(text, j);
    if (i === j) break; // `to` reached without a break
  }
  return lines;
};

const indentOf = (text: string, line: Line): number => {
  let n = 0;
  while (line.start + n < line.end && text[line.start + n] === ' ') n += 1;
  return n;
};

/** Only spaces count as indentation: a tab after them is content. */
const onlySpaces = (text: string, line: Line): boolean => /^ *$/.test(text.slice(line.start, line.end));

const isBlankLine = (text: string, line: Line, indent: number): boolean => line.end - line.start <= indent && onlySpaces(text, line);

/** `|`: every content line is kept as is after its indentation, with its line break. */
const literalLines = (text: string, lines: readonly Line[], indent: number): Builder => {
  const value = new Builder();
  for (const line of lines) {
    if (!isBlankLine(text, line, indent)) {
      for (let k = line.start + indent; k < line.end; k += 1) value.push(text[k] ?? '', k);
    }
    value.push('\n', line.end);
  }
  return value;
};

/**
 * `>`: a single break between two ordinary lines becomes a space; empty lines become newlines;
 * breaks next to more-indented ("spaced") lines are kept.
 */
const foldedLines = (text: string, lines: readonly Line[], indent: number): Builder => {
  const value = new Builder();
  let previous: 'none' | 'text' | 'spaced' = 'none';
  let previousEnd = 0;
  let empties = 0;
  for (const line of lines) {
    if (isBlankLine(text, line, indent)) {
      empties += 1;
      continue;
    }
    const kind = isWhite(text[line.start + indent]) ? 'spaced' : 'text';
    if (previous === 'none') value.push('\n'.repeat(empties), line.start);
    else if (previous === 'text' && kind === 'text') value.push(empties === 0 ? ' ' : '\n'.repeat(empties), previousEnd);
    else value.push('\n'.repeat(empties + 1), previousEnd);
    for (let k = line.start + indent; k < line.end; k += 1) value.push(text[k] ?? '', k);
    previous = kind;
    previousEnd = line.end;
    empties = 0;
  }
  return value;
};

/**
 * `|` and `>` scalars. The content indentation is not in the node: it is found by trying the
 * indentation of the first non-empty line and then smaller ones (an explicit indentation
 * indicator such as `|2` makes it smaller) until the reconstruction matches the value. Trailing
 * newlines (chomping) are ignored in the comparison; they map to the end of the last character.
 */
const mapBlock = (text: string, start: number, end: number, expected: string): Mapped | undefined => {
  let headerEnd = start;
  while (headerEnd < end && !isBreak(text[headerEnd])) headerEnd += 1;
  const lines = splitLines(text, skipBreak(text, headerEnd), end);
  const content = expected.replace(/\n+$/, '');
  const firstText = lines.find((line) => !onlySpaces(text, line));
  if (firstText === undefined) return content === '' ? new Array<number>(expected.length + 1).fill(end) : undefined;
  const folded = text[start] === '>';
  for (let indent = indentOf(text, firstText); indent >= 0; indent -= 1) {
    const built = folded ? foldedLines(text, lines, indent) : literalLines(text, lines, indent);
    if (built.chars.join('').replace(/\n+$/, '') !== content) continue;
    const offsets = built.offsets.slice(0, content.length);
    const last = offsets[offsets.length - 1];
    const after = last === undefined ? firstText.start + indent : last + 1;
    while (offsets.length < expected.length) offsets.push(after);
    offsets.push(after);
    return offsets;
  }
  return undefined;
};
