/**
 * The variants a selection switches on: each named variant and, first, the variants it requires,
 * transitively. Unknown ids stay in the list so that the variants stage can report them.
 */
export const withRequirements = (ids: readonly string[], requiresOf: (id: string) => readonly string[] | undefined): string[] => {
  const out: string[] = [];
  const visit = (id: string, trail: readonly string[]): void => {
    if (out.includes(id) || trail.includes(id)) return;
    for (const required of requiresOf(id) ?? []) visit(required, [...trail, id]);
    out.push(id);
  };
  for (const id of ids) visit(id, []);
  return out;
};
