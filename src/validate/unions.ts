import { describeValue, orList, subjectOf, typeAccepts, typePhrase, withArticle } from './describe.ts';
import { isWithin, type Issue, type SchemaError } from './issues.ts';
import { isSchemaNode, type SchemaIndex, type SchemaNode } from './schemaIndex.ts';
import { didYouMean, suggestion } from '../lang/suggest.ts';
import { isRecord } from '../spec/own.ts';

/**
 * `oneOf`/`anyOf` errors are noise as ajv reports them: a bad effect yields one complaint per
 * branch ("must have required property 'set'", "... 'add'", ...). This pass picks the branch the
 * writer meant — by the value's type, then by the key (`roll:`) or the `type: number`-style tag
 * that tells branches apart — keeps only that branch's errors, and when no branch fits, replaces
 * the lot with one message listing the forms allowed.
 */

type Discriminator = { kind: 'key'; key: string } | { kind: 'const'; prop: string; value: unknown };

type Choice = { kind: 'branch'; index: number } | { kind: 'none'; issue: Issue };

const isUnion = (e: SchemaError): boolean => e.error.keyword === 'oneOf' || e.error.keyword === 'anyOf';

const isObject = (value: unknown): value is Record<string, unknown> => isRecord(value);

const discriminatorOf = (branch: SchemaNode | undefined, index: SchemaIndex): Discriminator | undefined => {
  if (!branch) return undefined;
  const required = Array.isArray(branch.required) ? branch.required.filter((r): r is string => typeof r === 'string') : [];
  const properties = isSchemaNode(branch.properties) ? branch.properties : {};
  for (const name of required) {
    const property = index.resolve(properties[name]);
    if (property && 'const' in property) return { kind: 'const', prop: name, value: property.const };
  }
  const first = required[0];
  return first === undefined ? undefined : { kind: 'key', key: first };
};

/** Could this branch have produced an error at `segment` below the union's value? */
const covers = (branch: SchemaNode | undefined, segment: string | number | undefined): boolean => {
  if (!branch || segment === undefined) return false;
  if (typeof segment === 'number') return branch.items !== undefined;
  if (isSchemaNode(branch.properties) && segment in branch.properties) return true;
  if (isSchemaNode(branch.patternProperties)) {
    for (const pattern of Object.keys(branch.patternProperties)) {
      try {
        if (new RegExp(pattern, 'u').test(segment)) return true;
      } catch {
        // A pattern JavaScript cannot compile cannot have matched in ajv either.
      }
    }
  }
  return isSchemaNode(branch.additionalProperties) || branch.additionalProperties === true;
};

const branchLabel = (branch: SchemaNode | undefined): string => {
  if (!branch) return 'another form';
  if (typeof branch.title === 'string') return withArticle(branch.title);
  return typePhrase(branch.type, undefined);
};

const titleOf = (schema: unknown): string | undefined =>
  isSchemaNode(schema) && typeof schema.title === 'string' ? schema.title : undefined;

/** "did you mean 'roll: zones.pool'?" for an effect written without its colon. */
const colonHint = (value: unknown, keys: readonly string[]): string => {
  if (typeof value !== 'string') return '';
  const match = /^\s*([A-Za-z_]\w*)\s+(.+)$/.exec(value);
  const word = match?.[1];
  return word !== undefined && keys.includes(word) ? suggestion(`${word}: ${match?.[2] ?? ''}`) : '';
};

const chooseByKey = (union: SchemaError, discriminators: readonly Discriminator[], noun: string): Choice => {
  const data = union.error.data;
  const keys = discriminators.map((d) => (d.kind === 'key' ? d.key : ''));
  const listing = `${noun} must be one of: ${keys.join(', ')}`;
  if (!isObject(data)) {
    const message = `${listing}; found ${describeValue(data)}${colonHint(data, keys)}`;
    return { kind: 'none', issue: { path: union.path, message, part: 'head', code: 'wrong-type' } };
  }
  const written = Object.keys(data);
  const present = written.filter((key) => keys.includes(key));
  const only = present[0];
  if (present.length === 1 && only !== undefined) return { kind: 'branch', index: keys.indexOf(only) };
  if (present.length > 1) {
    const found = orList(present.map((key) => `'${key}'`)).replace(/ or /, ' and ');
    const message = `${noun} must have only one of: ${keys.join(', ')}; found ${found} (start each on its own list item, a line beginning with -)`;
    return { kind: 'none', issue: { path: [...union.path, present[1] ?? ''], message, part: 'head', code: 'bad-value' } };
  }
  const unknown = written[0];
  if (written.length === 1 && unknown !== undefined) {
    const message = `${listing}; found '${unknown}'${didYouMean(unknown, keys)}`;
    return { kind: 'none', issue: { path: [...union.path, unknown], message, part: 'head', code: 'unknown-property' } };
  }
  const found = written.length === 0 ? 'an empty mapping' : orList(written.map((key) => `'${key}'`)).replace(/ or /, ' and ');
  return { kind: 'none', issue: { path: union.path, message: `${listing}; found ${found}`, part: 'head', code: 'missing-property' } };
};

const chooseByConst = (union: SchemaError, discriminators: readonly Discriminator[], prop: string): Choice => {
  const data = union.error.data;
  const values = discriminators.map((d) => (d.kind === 'const' ? d.value : undefined));
  const names = values.map((v) => String(v));
  if (!isObject(data)) {
    const message = `${subjectOf(union.path)} must be a mapping (key: value pairs), found ${describeValue(data)}`;
    return { kind: 'none', issue: { path: union.path, message, part: 'head', code: 'wrong-type' } };
  }
  if (!(prop in data)) {
    const message = `missing required property '${prop}' (one of: ${names.join(', ')})`;
    return { kind: 'none', issue: { path: union.path, message, part: 'head', code: 'missing-property' } };
  }
  const index = values.indexOf(data[prop]);
  if (index >= 0) return { kind: 'branch', index };
  const found = data[prop];
  const hint = typeof found === 'string' ? didYouMean(found, names) : '';
  const message = `'${prop}' must be one of: ${names.join(', ')}, found ${describeValue(found)}${hint}`;
  return { kind: 'none', issue: { path: [...union.path, prop], message, part: 'node', code: 'bad-value' } };
};

const chooseBranch = (union: SchemaError, branches: readonly (SchemaNode | undefined)[], index: SchemaIndex): Choice => {
  const data = union.error.data;
  const subject = subjectOf(union.path);
  const generic = (): Choice => ({
    kind: 'none',
    issue: {
      path: union.path,
      message: `${subject} must be ${orList(branches.map(branchLabel))}, found ${describeValue(data)}`,
      part: 'head',
      code: 'wrong-type',
    },
  });
  const passing = (union.error.params as { passingSchemas?: unknown }).passingSchemas;
  if (Array.isArray(passing)) {
    const message = `${subject} is ambiguous: it fits more than one of ${orList(branches.map(branchLabel))}`;
    return { kind: 'none', issue: { path: union.path, message, part: 'head', code: 'bad-value' } };
  }

  const discriminators = branches.map((b) => discriminatorOf(b, index));
  const keyed = discriminators.every((d) => d?.kind === 'key');
  const firstConst = discriminators[0];
  const tagged = firstConst?.kind === 'const' && discriminators.every((d) => d?.kind === 'const' && d.prop === firstConst.prop);
  const defined = discriminators.filter((d): d is Discriminator => d !== undefined);
  const noun = titleOf(union.error.parentSchema);

  if (keyed) return chooseByKey(union, defined, noun === undefined ? subject : withArticle(noun));
  if (tagged && firstConst?.kind === 'const') return chooseByConst(union, defined, firstConst.prop);

  const fitting = branches.flatMap((b, i) => (b && typeAccepts(b.type, data) ? [i] : []));
  const only = fitting[0];
  if (fitting.length === 1 && only !== undefined) return { kind: 'branch', index: only };
  return generic();
};

export interface Collapsed {
  /** The errors that remain, each to be explained on its own. */
  readonly kept: SchemaError[];
  /** Messages that replace whole unions. */
  readonly issues: Issue[];
}

const within = (pointer: string | undefined, branch: string | undefined): boolean =>
  pointer !== undefined && branch !== undefined && (pointer === branch || pointer.startsWith(`${branch}/`));

interface UnionInfo {
  readonly union: SchemaError;
  readonly raw: readonly unknown[];
  readonly branches: readonly (SchemaNode | undefined)[];
  readonly pointers: readonly (string | undefined)[];
}

export const collapseUnions = (errors: readonly SchemaError[], index: SchemaIndex): Collapsed => {
  const dropped = new Set<SchemaError>();
  const issues: Issue[] = [];
  // Outer unions first: their choice decides whether the inner ones matter at all.
  const unions: UnionInfo[] = errors
    .filter(isUnion)
    .sort((a, b) => a.path.length - b.path.length)
    .map((union) => {
      const raw = Array.isArray(union.error.schema) ? (union.error.schema as unknown[]) : [];
      return { union, raw, branches: raw.map((b) => index.resolve(b)), pointers: raw.map((b) => index.pointerOf(b)) };
    });
  /**
   * The union, and its branch, that raised an error from inside a branch's own schema. Effects
   * nest (an `if` holds effects), so the same branch schema serves several unions on one path:
   * the error belongs to the deepest of them.
   */
  const ownerOf = (e: SchemaError): { info: UnionInfo; branch: number } | undefined => {
    let owner: { info: UnionInfo; branch: number } | undefined;
    for (const info of unions) {
      if (info.union === e || !isWithin(info.union.path, e.path)) continue;
      const branch = info.pointers.findIndex((p) => within(e.pointer, p));
      if (branch >= 0 && (!owner || info.union.path.length >= owner.info.union.path.length)) owner = { info, branch };
    }
    return owner;
  };
  const owners = new Map(errors.map((e) => [e, ownerOf(e)] as const));

  for (const info of unions) {
    const { union, raw, branches } = info;
    if (dropped.has(union)) continue;
    dropped.add(union);
    const choice = chooseBranch(union, branches, index);
    // Errors from keywords next to the oneOf in the same schema are not the union's business.
    const inside = errors.filter(
      (e) => !dropped.has(e) && isWithin(union.path, e.path) && e.error.parentSchema !== union.error.parentSchema,
    );
    for (const e of inside) {
      if (choice.kind === 'none') {
        dropped.add(e);
        continue;
      }
      const owner = owners.get(e);
      if (owner?.info === info) {
        if (owner.branch !== choice.index) dropped.add(e);
        continue;
      }
      // Raised through a $ref or by a deeper union, so no branch of this one claims it: judge by
      // where it is, keeping what lies under a property of the chosen branch.
      const chosen = raw[choice.index];
      if (isSchemaNode(chosen) && typeof chosen.$ref === 'string') continue;
      const below = e.path.slice(union.path.length);
      if (below.length === 0 || !covers(branches[choice.index], below[0])) dropped.add(e);
    }
    if (choice.kind === 'none') issues.push(choice.issue);
    else if (!inside.some((e) => !dropped.has(e))) {
      // The chosen branch failed without saying why (should not happen): say something true.
      const message = `${subjectOf(union.path)} does not fit ${branchLabel(branches[choice.index])}`;
      issues.push({ path: union.path, message, part: 'head', code: 'bad-value' });
    }
  }
  return { kept: errors.filter((e) => !dropped.has(e)), issues };
};
