/**
 * The versions of the rules language a file can be written for, said by its `houserules:` key.
 * A file is read by the rules of its version; one written for an older version is brought up to
 * date by its fix (`houserules fix`), meaning exactly what it meant, never reinterpreted.
 */
export const LANGUAGE_VERSIONS = {
  1: 'before explicit overlays: a variant adds a key by writing it and replaces a list by writing it whole',
  2: "explicit overlays: a new key is '+key', a list changes by item operations ($append, $before, $remove…) or $replace",
} as const;

export type LanguageVersion = keyof typeof LANGUAGE_VERSIONS;

/** The version a file that says none is read as, and the one `houserules fix` brings files to. */
export const LANGUAGE_VERSION: LanguageVersion = 2;

/** The key a file states its version with. */
export const VERSION_KEY = 'houserules';

/** The version a file's value states, undefined when it states none (the schema refuses any other). */
export const versionOf = (value: unknown): LanguageVersion | undefined => {
  const stated = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[VERSION_KEY] : undefined;
  return stated === 1 || stated === 2 ? stated : undefined;
};
