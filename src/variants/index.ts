/**
 * The variants stage: each variant file is parsed and validated on its own, the set is checked
 * (requires, conflicts, two variants writing the same place), then the variants are applied in
 * order — a required variant before the one that requires it — and the result is validated
 * again as an ordinary spec. Diagnostics point into the file that wrote the node.
 */
import { locate, locateInScalar, parseSpecText, type ParsedDoc } from '../parse/index.ts';
import { validateSpecValue, validateVariant } from '../validate/index.ts';
import type { Diagnostic, DocPath } from '../spec/diagnostics.ts';
import { hasErrors } from '../spec/diagnostics.ts';
import type { GameSpec } from '../spec/types.ts';
import type { Locator } from '../check/locator.ts';
import { mergePatch, resolvePath, type Plain, type Written } from './merge.ts';

export interface VariantSpec {
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
}

interface LoadedVariant {
  spec: VariantSpec;
  doc: ParsedDoc;
}

const at = (doc: ParsedDoc, path: DocPath, message: string, severity: 'error' | 'warning' = 'error'): Diagnostic => ({
  severity,
  message,
  path,
  file: doc.file,
  ...locate(doc, path),
});

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
  return (v.spec.requires ?? []).some((id) => id === other || (byId.has(id) && requiresChain(byId.get(id) as LoadedVariant, other, byId, seen)));
};

const key = (path: DocPath): string => path.join('\u0000');

const overlaps = (a: DocPath, b: DocPath): boolean => {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return false;
  return true;
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
  const locator: Locator = {
    locate: (path, offset) => {
      let best: (typeof origins)[number] | undefined;
      for (const o of origins) {
        if (o.target.length <= path.length && overlaps(o.target, path) && (!best || o.target.length >= best.target.length)) best = o;
      }
      const doc = best?.doc ?? base;
      const mapped = best ? [...best.source, ...path.slice(best.target.length)] : path;
      return { file: doc.file, ...(offset === undefined ? locate(doc, mapped) : locateInScalar(doc, mapped, offset)) };
    },
  };
  for (const v of loaded) {
    if (v.spec.game !== baseSpec.id) diagnostics.push(at(v.doc, ['game'], `variant '${v.spec.variant}' is for game '${v.spec.game}', not '${baseSpec.id}'`));
  }
  if (hasErrors(diagnostics)) return { spec: undefined, locator, diagnostics };
  const order = ordered(loaded, diagnostics);
  conflictsOf(order, diagnostics);

  let spec = base.value as Plain;
  const writes: { v: LoadedVariant; w: Written }[] = [];
  for (const v of order) {
    for (const [name, value] of Object.entries(v.spec.params ?? {})) {
      const param = (spec as { params?: Record<string, Plain> }).params?.[name];
      if (param === undefined) {
        diagnostics.push(at(v.doc, ['params', name], `variant '${v.spec.variant}' sets param '${name}', which the game does not declare`));
        continue;
      }
      const merged = mergePatch(spec, { params: { [name]: { default: value } } }, [], ['params', name]);
      spec = merged.value;
      const w = { target: ['params', name, 'default'], source: ['params', name] };
      writes.push({ v, w });
    }
    if (v.spec.patch) {
      const merged = mergePatch(spec, v.spec.patch, [], ['patch']);
      spec = merged.value;
      for (const p of merged.problems) diagnostics.push(at(v.doc, p.source, `variant '${v.spec.variant}' ${p.message}`));
      for (const w of merged.written) writes.push({ v, w });
    }
  }
  // Written places name list items by id; the locator needs them as positions in the final spec.
  for (const { v, w } of writes) {
    const target = resolvePath(spec, w.target);
    if (target) origins.push({ target, doc: v.doc, source: w.source });
  }
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
      const pair = `${a.v.spec.variant}|${b.v.spec.variant}|${key(a.w.target)}`;
      if (declared || reported.has(pair)) continue;
      reported.add(pair);
      const other = locate(a.v.doc, a.w.source);
      diagnostics.push(
        at(
          b.v.doc,
          b.w.source,
          `variants '${a.v.spec.variant}' and '${b.v.spec.variant}' both change ${(b.w.target.length <= a.w.target.length ? b.w.target : a.w.target).join('.')} ` +
            `(also at ${a.v.doc.file}:${other.line}:${other.column}); declare a conflict or a requirement between them`,
        ),
      );
    }
  }
  if (hasErrors(diagnostics)) return { spec: undefined, locator, diagnostics };
  for (const problem of validateSpecValue(spec)) {
    // A spec made invalid by what a variant removed or wrote is that variant's problem, in its file.
    const place = problem.missing === undefined ? problem.path : [...problem.path, problem.missing];
    const culprit = writes.findLast(({ w }) => w.target.length <= place.length && w.target.every((seg, i) => String(seg) === String(place[i])));
    if (culprit) diagnostics.push(at(culprit.v.doc, culprit.w.source, `variant '${culprit.v.spec.variant}' leaves the game invalid: ${problem.message}`));
    else diagnostics.push({ severity: 'error', message: problem.message, path: problem.path, ...locator.locate(problem.path) });
  }
  if (hasErrors(diagnostics)) return { spec: undefined, locator, diagnostics };
  return { spec: spec as unknown as GameSpec, locator, diagnostics };
};
