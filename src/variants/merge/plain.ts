import { isRecord } from '../../spec/own.ts';

/** The values a spec and a patch are made of, as parsed from YAML. */
export type Plain = null | boolean | number | string | Plain[] | { [key: string]: Plain };
export type PlainMap = { [key: string]: Plain };

/** A mapping of the spec or patch: the project's one `isRecord`, over plain values. */
export const isMap = (v: unknown): v is PlainMap => isRecord<Plain>(v);

/** A value's shape in words, for a problem that one shape cannot change into another. */
export const shapeOf = (v: Plain | undefined): string =>
  v === undefined
    ? 'nothing'
    : v === null
      ? 'null'
      : Array.isArray(v)
        ? 'a list'
        : isMap(v)
          ? 'a mapping'
          : `a ${typeof v === 'boolean' ? 'true/false' : typeof v}`;
