/**
 * The placeholders of an ICU message, read from its text by the type checker: `{name}`,
 * `{n, plural, …}`, `{x, select, …}` give `name`, `n`, `x`; the arms of a plural or select
 * (`{# cards}`) and `#` are not placeholders. `t('id', values)` then wants exactly these values.
 */
type Before<S extends string, C extends string> = S extends `${infer A}${C}${string}` ? A : S;

/** A placeholder's name is one word: an arm's text has spaces, `#` or braces. */
type Name<S extends string> = S extends '' | `${string}${' ' | '#' | '{' | '}'}${string}` ? never : S;

/** The name right after a `{`: up to the first `,` of its argument or its closing `}`. */
type Head<Body extends string> = Name<Before<Before<Body, '}'>, ','>>;

export type Placeholders<S extends string> = S extends `${string}{${infer Body}` ? Head<Body> | Placeholders<Body> : never;

export type MessageValue = string | number;
