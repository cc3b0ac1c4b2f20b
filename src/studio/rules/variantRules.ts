/**
 * Which variants can be switched on together, from what each variant file declares: `requires`
 * switches the required ones on too, `conflicts` (either way round) disables the other with the
 * reason, and a variant file with errors cannot be switched on until it is fixed.
 */
export interface VariantInfo {
  id: string;
  file: string;
  title: string;
  description: string;
  rules: string[];
  requires: string[];
  conflicts: string[];
  /** The first error of the variant file, when it has one. */
  problem?: string;
}

export interface Availability {
  disabled: boolean;
  reason?: string;
}

const requirements = (byId: ReadonlyMap<string, VariantInfo>, id: string, seen = new Set<string>()): Set<string> => {
  if (seen.has(id)) return seen;
  seen.add(id);
  for (const r of byId.get(id)?.requires ?? []) requirements(byId, r, seen);
  return seen;
};

const conflict = (a: VariantInfo | undefined, b: VariantInfo | undefined): boolean =>
  !!a && !!b && (a.conflicts.includes(b.id) || b.conflicts.includes(a.id));

export const availability = (variants: readonly VariantInfo[], enabled: readonly string[]): Map<string, Availability> => {
  const byId = new Map(variants.map((v) => [v.id, v]));
  const out = new Map<string, Availability>();
  for (const v of variants) {
    if (enabled.includes(v.id)) {
      out.set(v.id, { disabled: false });
      continue;
    }
    if (v.problem) {
      out.set(v.id, { disabled: true, reason: `its file has an error: ${v.problem}` });
      continue;
    }
    const needed = [...requirements(byId, v.id)];
    const missing = needed.find((id) => !byId.has(id));
    if (missing) {
      out.set(v.id, { disabled: true, reason: `it requires '${missing}', which is not among this game's variants` });
      continue;
    }
    const clash = needed.flatMap((n) => enabled.map((e) => [n, e] as const)).find(([n, e]) => conflict(byId.get(n), byId.get(e)));
    if (clash) {
      const [n, e] = clash;
      const via = n === v.id ? '' : ` (through '${byId.get(n)?.title ?? n}', which it requires)`;
      out.set(v.id, { disabled: true, reason: `it cannot be combined with '${byId.get(e)?.title ?? e}'${via}` });
      continue;
    }
    out.set(v.id, { disabled: false });
  }
  return out;
};

/** The enabled list after switching `id` on (with what it requires) or off (with what requires it). */
export const toggleVariant = (variants: readonly VariantInfo[], enabled: readonly string[], id: string, on: boolean): string[] => {
  const byId = new Map(variants.map((v) => [v.id, v]));
  const order = variants.map((v) => v.id);
  let next = new Set(enabled);
  if (on) {
    for (const r of requirements(byId, id)) next.add(r);
  } else {
    next.delete(id);
    // Anything that (transitively) requires the switched-off variant goes too.
    next = new Set([...next].filter((e) => !requirements(byId, e).has(id)));
  }
  return order.filter((v) => next.has(v));
};
