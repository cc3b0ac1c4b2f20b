/**
 * `houserules diff <game> --variant a,b [--against c] [--json]`: what an overlay changes, rule by
 * rule, against the base game or another set of variants, with the file and line of each change.
 */
import { compileGame, type SourceFile } from '../../compile/index.ts';
import { hasErrors } from '../../spec/diagnostics.ts';
import { diffSpecs } from '../../variants/diff.ts';
import { formatDiff } from '../../variants/formatDiff.ts';
import { overlay } from '../../variants/index.ts';
import { resolveGame } from '../catalog.ts';
import { printDiagnostics, VARIANT_OPTION, type Command, type Io } from '../command.ts';

const ids = (text: unknown): string[] =>
  typeof text === 'string'
    ? text
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s && s !== 'none')
    : [];

/** Variant ids resolved (with those they require) to files; undefined after printing why not. */
const load = (io: Io, target: string, variantIds: string[]): { base: SourceFile; variants: SourceFile[] } | undefined => {
  const resolved = resolveGame(target, variantIds);
  if ('error' in resolved) {
    io.err(resolved.error);
    return undefined;
  }
  const { diagnostics } = compileGame({ base: resolved.base, variants: resolved.variants });
  if (hasErrors(diagnostics)) {
    printDiagnostics(
      io,
      diagnostics.filter((d) => d.severity === 'error'),
    );
    return undefined;
  }
  return resolved;
};

export const diffCommand: Command = {
  name: 'diff',
  usage: 'diff <game-id|file> --variant a,b [--against c,d] [--json]',
  summary: 'what variants change, rule by rule, with the file and line of each change',
  options: {
    variant: VARIANT_OPTION,
    against: { type: 'string', hint: 'c,d', help: 'the variants to compare with (default: none, the base game)' },
    json: { type: 'boolean', help: 'print the changes as JSON' },
  },
  run: async ([target], values, io) => {
    if (!target) {
      io.err('name a game id or a spec file (see `houserules list`)');
      return 1;
    }
    const variantIds = ids(values.variant);
    const againstIds = ids(values.against);
    if (variantIds.length === 0 && againstIds.length === 0) {
      io.err('name the variants to show with --variant a,b (and optionally --against c,d)');
      return 1;
    }
    const after = load(io, target, variantIds);
    const before = after && load(io, target, againstIds);
    if (!after || !before) return 1;
    const a = overlay(before.base, before.variants);
    const b = overlay(after.base, after.variants);
    if (a.spec === undefined || b.spec === undefined) {
      printDiagnostics(
        io,
        [...a.diagnostics, ...b.diagnostics].filter((d) => d.severity === 'error'),
      );
      return 1;
    }
    const rules = diffSpecs(a.spec, b.spec, b.changes, b.variantRules);
    const applied = after.variants.map((f) => f.file);
    const against = before.variants.map((f) => f.file);
    if (values.json) {
      io.out(JSON.stringify({ game: target, variants: applied, against, changes: rules }, null, 2));
      return 0;
    }
    const name = (files: string[]): string => (files.length ? files.join(', ') : 'the base game');
    io.out(`${target}: ${name(applied)}\n  against ${name(against)}\n`);
    for (const line of formatDiff(rules)) io.out(line);
    return 0;
  },
};
