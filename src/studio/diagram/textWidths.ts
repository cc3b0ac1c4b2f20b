/**
 * Text widths for the diagram's labels from a fixed table, the same in every browser and in Node:
 * the layout then depends on the graph alone, so the shipped games' layouts can be made at build
 * time (see prelayout.ts) and a layout kept from an earlier visit fits any machine. The advances
 * are those of the studio's label fonts (600 12px sans for states, 11px monospace for transitions)
 * as Debian's Chromium draws them (DejaVu Sans Bold and DejaVu Sans Mono, among the widest of the
 * fonts the stylesheet names), measured with a canvas for each printable ASCII character; any
 * other character counts as wide as the widest of the table (a CJK character is about 1 em).
 */
import type { Measure } from './toElk.ts';

const FIRST = 32;
// prettier-ignore
const NODE = [
  4.177734, 5.472656, 6.251953, 10.054688, 8.349609, 12.023438, 10.464844, 3.673828, 5.484375, 5.484375, 6.275391, 10.054688, 4.558594,
  4.980469, 4.558594, 4.382812, 8.349609, 8.349609, 8.349609, 8.349609, 8.349609, 8.349609, 8.349609, 8.349609, 8.349609, 8.349609,
  4.798828, 4.798828, 10.054688, 10.054688, 10.054688, 6.960938, 12, 9.287109, 9.146484, 8.806641, 9.960938, 8.197266, 8.197266, 9.849609,
  10.042969, 4.464844, 4.464844, 9.298828, 7.646484, 11.941406, 10.042969, 10.201172, 8.794922, 10.201172, 9.240234, 8.642578, 8.185547,
  9.744141, 9.287109, 13.236328, 9.251953, 8.689453, 8.701172, 5.484375, 4.382812, 5.484375, 10.054688, 6, 6, 8.097656, 8.589844, 7.113281,
  8.589844, 8.138672, 5.220703, 8.589844, 8.542969, 4.113281, 4.113281, 7.980469, 4.113281, 12.503906, 8.542969, 8.244141, 8.589844,
  8.589844, 5.917969, 7.142578, 5.736328, 8.542969, 7.822266, 11.085938, 7.740234, 7.822266, 6.984375, 8.542969, 4.382812, 8.542969,
  10.054688,
];
// prettier-ignore
const EDGE = [
  6.622559, 6.622559, 6.622559, 6.622559, 6.622559, 6.622559, 6.622559, 6.622559, 6.622559, 6.622559, 6.622559, 6.622559, 6.622559,
  6.622559, 6.622559, 6.622559, 6.622559, 6.622559, 6.622559, 6.622559, 6.622559, 6.622559, 6.622559, 6.622559, 6.622559, 6.622559,
  6.622559, 6.622559, 6.622559, 6.622559, 6.622559, 6.622559, 6.622559, 6.622559, 6.622559, 6.622559, 6.622559, 6.622559, 6.622559,
  6.622559, 6.622559, 6.622559, 6.622559, 6.622559, 6.622559, 6.622559, 6.622559, 6.622559, 6.622559, 6.622559, 6.622559, 6.622559,
  6.622559, 6.622559, 6.622559, 6.622559, 6.622559, 6.622559, 6.622559, 6.622559, 6.622559, 6.622559, 6.622559, 6.622559, 6.622559,
  6.622559, 6.622559, 6.622559, 6.622559, 6.622559, 6.622559, 6.622559, 6.622559, 6.622559, 6.622559, 6.622559, 6.622559, 6.622559,
  6.622559, 6.622559, 6.622559, 6.622559, 6.622559, 6.622559, 6.622559, 6.622559, 6.622559, 6.622559, 6.622559, 6.622559, 6.622559,
  6.622559, 6.622559, 6.622559, 6.622559,
];
const ELLIPSIS = { node: 12, edge: 6.62255859375 } as const;
const WIDE = { node: 12, edge: 11 } as const;

const advance = (code: number, font: 'node' | 'edge'): number => {
  if (code === 0x2026) return ELLIPSIS[font];
  const table = font === 'node' ? NODE : EDGE;
  return table[code - FIRST] ?? WIDE[font];
};

/** The width in pixels, rounded up, plus 2 px of room (as the canvas measure it replaces did). */
export const fixedMeasure: Measure = (text, font) => {
  let width = 0;
  for (const ch of text) width += advance(ch.codePointAt(0) ?? 0, font);
  return Math.ceil(width) + 2;
};
