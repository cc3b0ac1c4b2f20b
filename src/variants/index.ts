/**
 * The variants stage: each variant file is parsed and validated on its own, the set is checked
 * (requires, conflicts, two variants writing the same place), then the variants are applied in
 * order — a required variant before the one that requires it — and the result is validated
 * again as an ordinary spec. Diagnostics point into the file that wrote the node.
 */
import { applyEdits, locate, locateInScalar, parseSpecText, placeEdit, type ParsedDoc } from '../parse/index.ts';
import { validateSpec, validateSpecValue, validateVariant } from '../validate/index.ts';
import type { DiagnosticCode } from '../spec/codes.ts';
import type { Diagnostic, DocPath, PathEdit, ProblemFix, Severity, TextEdit } from '../spec/diagnostics.ts';
import { hasErrors } from '../spec/diagnostics.ts';
import { didYouMean } from '../lang/suggest.ts';
import { deepEqual, type Value } from '../lang/index.ts';
import { LANGUAGE_VERSION, LANGUAGE_VERSIONS, VERSION_KEY, versionOf, type LanguageVersion } from '../spec/version.ts';
import { applyVersion1, upgradeEdits } from './version1.ts';
import type { GameSpec } from '../spec/types.ts';
import { fileLocator, placedFixes, type Locator } from '../check/locator.ts';
import { describePlace, mergePatch, newLineage, overlaps, resolvePath, type Lineage, type Plain, type Written } from './merge.ts';
import { paramDeclarationProblems, paramProblem } from '../spec/params.ts';
import type { ParamSpec } from '../spec/types.ts';

export interface VariantSpec {
  /** The version of the rules language it is written for (spec/version.ts). */
  houserules?: number;
  variant: string;
  game: string;
  title: string;
  description: string;
  rules?: string[];
  requires?: string[];
  conflicts?: string[];
  params?: Record<string, Plain>;
  patch?: Record<string, Plain>;
}

export interface VariantFile {
  readonly file: string;
  readonly text: string;
}

export interface Applied {
  spec: GameSpec | undefined;
  locator: Locator;
  diagnostics: Diagnostic[];
  /** Every place a variant changed, as a path into `spec`, with the file and line that changed it. */
  changes: AppliedChange[];
}

export interface AppliedChange {
  readonly variant: string;
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly change: Written['change'];
  /** The place in the merged spec; undefined for a removal (or a place a later variant removed). */
  readonly path: DocPath | undefined;
  /** For a removal: where the removed part was, in the spec the variant was applied to. */
  readonly removedFrom?: DocPath;
  /** The place as the variant named it (items by id or derived key). */
  readonly place: string;
}

export interface LoadedVariant {
  spec: VariantSpec;
  doc: ParsedDoc;
}

/** A problem with a key or a list item points at the key (or the item's first line), not the whole block under it. */
interface AtOptions {
  readonly fixes?: readonly ProblemFix[] | undefined;
  readonly code?: DiagnosticCode;
  readonly severity?: Severity;
}

const at = (
  doc: ParsedDoc,
  path: DocPath,
  message: string,
  { fixes, code = 'variant', severity = 'error' }: AtOptions = {},
): Diagnostic => {
  const placed = fixes ? placedFixes(fileLocator(doc), fixes, doc.file) : [];
  return {
    severity,
    code,
    message,
    path,
    file: doc.file,
    ...locate(doc, path, 'head'),
    ...(placed.length > 0 ? { fixes: placed } : {}),
  };
};

export const parseVariant = (file: VariantFile): { variant?: LoadedVariant; diagnostics: Diagnostic[] } => {
  const parsed = parseSpecText(file.text, file.file);
  if (!parsed.doc) return { diagnostics: parsed.diagnostics };
  const diagnostics = [...parsed.diagnostics, ...validateVariant(parsed.doc)];
  if (hasErrors(diagnostics)) return { diagnostics };
  return { variant: { spec: parsed.doc.value as VariantSpec, doc: parsed.doc }, diagnostics };
};

/** A required variant comes before the variants that require it; otherwise the given order. */
const ordered = (variants: LoadedVariant[], diagnostics: Diagnostic[]): LoadedVariant[] => {
  const byId = new Map(variants.map((v) => [v.spec.variant, v]));
  const out: LoadedVariant[] = [];
  const visiting = new Set<string>();
  const visit = (v: LoadedVariant): void => {
    if (out.includes(v)) return;
    if (visiting.has(v.spec.variant)) {
      diagnostics.push(at(v.doc, ['requires'], `variant '${v.spec.variant}' requires itself through a cycle`));
      return;
    }
    visiting.add(v.spec.variant);
    (v.spec.requires ?? []).forEach((id, i) => {
      const required = byId.get(id);
      if (!required) diagnostics.push(at(v.doc, ['requires', i], `variant '${v.spec.variant}' requires '${id}', which is not switched on`));
      else visit(required);
    });
    visiting.delete(v.spec.variant);
    out.push(v);
  };
  variants.forEach(visit);
  return out;
};

const conflictsOf = (variants: LoadedVariant[], diagnostics: Diagnostic[]): void => {
  for (const v of variants) {
    (v.spec.conflicts ?? []).forEach((id, i) => {
      if (variants.some((o) => o.spec.variant === id)) {
        diagnostics.push(at(v.doc, ['conflicts', i], `variant '${v.spec.variant}' cannot be combined with '${id}'`));
      }
    });
  }
};

const requiresChain = (v: LoadedVariant, other: string, byId: Map<string, LoadedVariant>, seen = new Set<string>()): boolean => {
  if (seen.has(v.spec.variant)) return false;
  seen.add(v.spec.variant);
  return (v.spec.requires ?? []).some(
    (id) => id === other || (byId.has(id) && requiresChain(byId.get(id) as LoadedVariant, other, byId, seen)),
  );
};

const prefixOf = (a: DocPath, b: DocPath): boolean => a.length <= b.length && a.every((s, i) => s === b[i]);

/** One variant, of the current version, applied to `spec`: the result, its problems in its own file, and what it wrote. */
const applyOne = (
  start: Plain,
  v: LoadedVariant,
  lineage: Lineage,
): { value: Plain; problems: Diagnostic[]; writes: { w: Written; prev: Plain }[] } => {
  let spec = start;
  const problems: Diagnostic[] = [];
  const writes: { w: Written; prev: Plain }[] = [];
  // The patch first: a variant may widen a param's range and set a value in it.
  if (v.spec.patch) {
    const merged = mergePatch(spec, v.spec.patch, [], ['patch'], lineage);
    for (const p of merged.problems) problems.push(at(v.doc, p.source, `variant '${v.spec.variant}': ${p.message}`, { fixes: p.fixes }));
    for (const w of merged.written) writes.push({ w, prev: spec });
    spec = merged.value;
  }
  for (const [name, value] of Object.entries(v.spec.params ?? {})) {
    const param = (spec as { params?: Record<string, ParamSpec> }).params?.[name];
    if (param === undefined) {
      const declared = Object.keys((spec as { params?: Record<string, Plain> }).params ?? {});
      problems.push(
        at(
          v.doc,
          ['params', name],
          `variant '${v.spec.variant}' sets param '${name}', which the game does not declare${didYouMean(name, declared)}`,
        ),
      );
      continue;
    }
    const problem = paramProblem(param, value);
    if (problem) {
      problems.push(
        at(v.doc, ['params', name], `variant '${v.spec.variant}' sets param '${name}' to ${JSON.stringify(value)}: ${problem}`),
      );
      continue;
    }
    const merged = mergePatch(spec, { params: { [name]: { default: value } } }, [], ['params', name], lineage);
    for (const w of merged.written) writes.push({ w: { ...w, source: ['params', name] }, prev: spec });
    spec = merged.value;
  }
  return { value: spec, problems, writes };
};

/**
 * Why bringing a version 1 variant to version 2 with `edits` would not mean the same, or
 * undefined when it would: both readings are made, on the spec it applies to, and compared.
 */
const inexactUpgrade = (spec: Plain, v: LoadedVariant, edits: readonly PathEdit[]): string | undefined => {
  const placed = edits.map((e) => placeEdit(v.doc, e));
  if (placed.some((e) => e === undefined)) return 'a value of it cannot be rewritten where it stands';
  const text = applyEdits(v.doc.text, placed as TextEdit[]);
  if (text === undefined) return 'two of its changes meet';
  const again = parseVariant({ file: v.doc.file, text });
  if (!again.variant) return `written for version 2 it would not read: ${again.diagnostics[0]?.message ?? ''}`;
  const now = applyOne(spec, again.variant, newLineage());
  if (now.problems.length > 0) return `written for version 2 it would not apply: ${now.problems[0]?.message ?? ''}`;
  const then = applyVersion1(spec, v.spec);
  if (then.problems.length > 0) return `as version 1 read it, it ${then.problems[0] ?? ''}`;
  return deepEqual(now.value as Value, then.value as Value) ? undefined : 'the two readings give different games';
};

/** A variant written for version 1: its fix, when one means exactly the same, brings it to version 2. */
const upgradeProblem = (spec: Plain, v: LoadedVariant): Diagnostic => {
  const head = `variant '${v.spec.variant}' is written for version 1 of the rules language (${LANGUAGE_VERSIONS[1]})`;
  const edits: PathEdit[] = [
    { kind: 'value', path: [VERSION_KEY], text: String(LANGUAGE_VERSION) },
    ...upgradeEdits(spec, (v.spec.patch ?? {}) as Plain, ['patch']),
  ];
  const inexact = inexactUpgrade(spec, v, edits);
  const message =
    inexact === undefined
      ? `${head}: it is read as then, and its fix (houserules fix) writes it for version ${LANGUAGE_VERSION}, meaning exactly the same`
      : `${head}, and cannot be written for version ${LANGUAGE_VERSION} meaning exactly the same (${inexact}): change it by hand (docs/LANGUAGE.md, Versions)`;
  const fixes = inexact === undefined ? [{ title: `Write it for version ${LANGUAGE_VERSION} of the rules language`, edits }] : undefined;
  return at(v.doc, [VERSION_KEY], message, { fixes, code: 'language-version' });
};

/** A variant that says no version, which version 1 would apply as it stands: both readings offered, neither picked. */
const unversioned = (v: LoadedVariant): Diagnostic => {
  const says = (version: LanguageVersion): ProblemFix => ({
    title: `It is written for version ${version} (${VERSION_KEY}: ${version})`,
    edits: [{ kind: 'addKey', path: [], key: VERSION_KEY, value: String(version) }],
  });
  return at(
    v.doc,
    ['variant'],
    `variant '${v.spec.variant}' does not say which version of the rules language it is written for, so it is read as version ${LANGUAGE_VERSION} (${LANGUAGE_VERSIONS[2]}); ` +
      `written for version 1 (${LANGUAGE_VERSIONS[1]}) it would apply as it stands: say which with '${VERSION_KEY}: 1' or '${VERSION_KEY}: 2'`,
    { fixes: [says(1), says(2)], code: 'language-version', severity: 'warning' },
  );
};

export const applyVariants = (base: ParsedDoc, files: readonly VariantFile[]): Applied => {
  const diagnostics: Diagnostic[] = [];
  const loaded: LoadedVariant[] = [];
  for (const file of files) {
    const result = parseVariant(file);
    diagnostics.push(...result.diagnostics);
    if (result.variant) loaded.push(result.variant);
  }
  const baseSpec = base.value as GameSpec;
  const origins: { target: DocPath; doc: ParsedDoc; source: DocPath }[] = [];
  /** The file that wrote `path` (the variant that wrote it last, or the game), and the place there. */
  const origin = (path: DocPath): { doc: ParsedDoc; mapped: DocPath } => {
    let best: (typeof origins)[number] | undefined;
    for (const o of origins) {
      if (prefixOf(o.target, path) && (!best || o.target.length >= best.target.length)) best = o;
    }
    return { doc: best?.doc ?? base, mapped: best ? [...best.source, ...path.slice(best.target.length)] : path };
  };
  const locator: Locator = {
    locate: (path, offset) => {
      const { doc, mapped } = origin(path);
      return { file: doc.file, ...(offset === undefined ? locate(doc, mapped) : locateInScalar(doc, mapped, offset)) };
    },
    place: (edit) => {
      const { doc, mapped } = origin(edit.path);
      const placed = placeEdit(doc, { ...edit, path: mapped });
      return placed && { file: doc.file, edit: placed };
    },
  };
  for (const v of loaded) {
    if (v.spec.game !== baseSpec.id)
      diagnostics.push(at(v.doc, ['game'], `variant '${v.spec.variant}' is for game '${v.spec.game}', not '${baseSpec.id}'`));
  }
  if (hasErrors(diagnostics)) return { spec: undefined, locator, diagnostics, changes: [] };
  const order = ordered(loaded, diagnostics);
  conflictsOf(order, diagnostics);

  let spec = base.value as Plain;
  const lineage = newLineage();
  const writes: { v: LoadedVariant; w: Written; prev: Plain }[] = [];
  for (const v of order) {
    if (versionOf(v.spec) === 1) {
      diagnostics.push(upgradeProblem(spec, v));
      continue;
    }
    const applied = applyOne(spec, v, lineage);
    diagnostics.push(...applied.problems);
    for (const { w, prev } of applied.writes) writes.push({ v, w, prev });
    if (applied.problems.length > 0 && versionOf(v.spec) === undefined && applyVersion1(spec, v.spec).problems.length === 0) {
      diagnostics.push(unversioned(v));
    }
    spec = applied.value;
  }
  // Written places name list items by identity; the locator needs them as positions in the final spec.
  const changes: AppliedChange[] = [];
  /** Each write at its place in the final spec (a removal: where it removed from). */
  const placed: { v: LoadedVariant; w: Written; at: DocPath | undefined }[] = [];
  for (const { v, w, prev } of writes) {
    const target = w.change === 'removed' ? undefined : resolvePath(spec, w.target, lineage);
    if (target) origins.push({ target, doc: v.doc, source: w.source });
    const { line, column } = locate(v.doc, w.source, 'head');
    const removedFrom = w.change === 'removed' ? resolvePath(prev, w.target, lineage) : undefined;
    placed.push({ v, w, at: target ?? removedFrom });
    changes.push({
      variant: v.spec.variant,
      file: v.doc.file,
      line,
      column,
      change: w.change,
      path: target,
      ...(removedFrom ? { removedFrom } : {}),
      place: describePlace(w.target),
    });
  }
  /** The last write that holds `place` (or, with `inside`, that is held by it): the variant to blame for a problem there. */
  const culpritOf = (place: DocPath, inside = false) =>
    placed.findLast(({ at }) => at !== undefined && (prefixOf(at, place) || (inside && prefixOf(place, at))));
  const byId = new Map(order.map((v) => [v.spec.variant, v]));
  const reported = new Set<string>();
  for (const [i, a] of writes.entries()) {
    for (const b of writes.slice(i + 1)) {
      if (a.v === b.v || !overlaps(a.w.target, b.w.target)) continue;
      const declared =
        (a.v.spec.conflicts ?? []).includes(b.v.spec.variant) ||
        (b.v.spec.conflicts ?? []).includes(a.v.spec.variant) ||
        requiresChain(a.v, b.v.spec.variant, byId) ||
        requiresChain(b.v, a.v.spec.variant, byId);
      const pair = `${a.v.spec.variant}|${b.v.spec.variant}|${describePlace(a.w.target)}`;
      if (declared || reported.has(pair)) continue;
      reported.add(pair);
      const other = locate(a.v.doc, a.w.source, 'head');
      diagnostics.push(
        at(
          b.v.doc,
          b.w.source,
          `variants '${a.v.spec.variant}' and '${b.v.spec.variant}' both change ${describePlace(b.w.target.length <= a.w.target.length ? b.w.target : a.w.target)} ` +
            `(also at ${a.v.doc.file}:${other.line}:${other.column}); declare a conflict or a requirement between them`,
        ),
      );
    }
  }
  if (hasErrors(diagnostics)) return { spec: undefined, locator, diagnostics, changes };
  // A range a variant narrowed (or a default it moved) that its param's declaration now refuses.
  for (const problem of paramDeclarationProblems((spec as { params?: Record<string, ParamSpec> }).params ?? {})) {
    const culprit = culpritOf(problem.path.slice(0, 2), true);
    if (culprit) diagnostics.push(at(culprit.v.doc, culprit.w.source, `variant '${culprit.v.spec.variant}' leaves ${problem.message}`));
  }
  if (hasErrors(diagnostics)) return { spec: undefined, locator, diagnostics, changes };
  for (const problem of validateSpecValue(spec)) {
    // A spec made invalid by what a variant removed or wrote is that variant's problem, in its file.
    const place = problem.missing === undefined ? problem.path : [...problem.path, problem.missing];
    const culprit = culpritOf(place);
    if (culprit)
      diagnostics.push(
        at(culprit.v.doc, culprit.w.source, `variant '${culprit.v.spec.variant}' leaves the game invalid: ${problem.message}`),
      );
    else
      diagnostics.push({
        severity: 'error',
        code: problem.code,
        message: problem.message,
        path: problem.path,
        ...locator.locate(problem.path),
      });
  }
  if (hasErrors(diagnostics)) return { spec: undefined, locator, diagnostics, changes };
  return { spec: spec as unknown as GameSpec, locator, diagnostics, changes };
};

export interface Overlay {
  /** The merged spec; undefined when the base or a variant has errors (in `diagnostics`). */
  readonly spec: Plain | undefined;
  readonly changes: readonly AppliedChange[];
  /** The rule ids each applied variant declares. */
  readonly variantRules: ReadonlyMap<string, readonly string[]>;
  readonly diagnostics: readonly Diagnostic[];
}

/** A game text with variant texts applied, keeping what each variant changed (for `diff`). */
export const overlay = (base: VariantFile, variants: readonly VariantFile[]): Overlay => {
  const parsed = parseSpecText(base.text, base.file);
  const variantRules = new Map(
    variants.flatMap((f) => {
      const spec = parseVariant(f).variant?.spec;
      return spec ? [[spec.variant, spec.rules ?? []] as const] : [];
    }),
  );
  if (!parsed.doc) return { spec: undefined, changes: [], variantRules, diagnostics: parsed.diagnostics };
  const diagnostics = [...parsed.diagnostics, ...validateSpec(parsed.doc)];
  if (hasErrors(diagnostics)) return { spec: undefined, changes: [], variantRules, diagnostics };
  if (variants.length === 0) return { spec: parsed.doc.value as Plain, changes: [], variantRules, diagnostics };
  const applied = applyVariants(parsed.doc, variants);
  return {
    spec: applied.spec as unknown as Plain | undefined,
    changes: applied.changes,
    variantRules,
    diagnostics: [...diagnostics, ...applied.diagnostics],
  };
};
