/**
 * The headers a built site asks for, by path: the rules of its `_headers` file (the format static
 * hosts such as Netlify and Cloudflare Pages read; the build writes the studio's policies there),
 * applied as such a host applies them. Every rule whose path matches (a trailing `*` matches any
 * rest) adds its headers; a header two rules give is sent with both values, as those hosts do
 * (two policies: both enforced). `houserules serve` sends them, so it serves the site as they would.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export type HeaderRules = (path: string) => Readonly<Record<string, string>>;

interface Rule {
  readonly path: string;
  readonly headers: Record<string, string>;
}

/** The rules of a `_headers` text; header names in lower case. A line of a header before any path is ignored. */
export const parseHeaderRules = (text: string): HeaderRules => {
  const rules: Rule[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '' || line.trimStart().startsWith('#')) continue;
    const rule = rules.at(-1);
    const colon = line.indexOf(':');
    if (!/^\s/.test(line)) rules.push({ path: line.trim(), headers: {} });
    else if (rule && colon > 0) rule.headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return (path) => {
    const headers: Record<string, string> = {};
    for (const rule of rules) {
      if (!(rule.path.endsWith('*') ? path.startsWith(rule.path.slice(0, -1)) : path === rule.path)) continue;
      for (const [name, value] of Object.entries(rule.headers)) headers[name] = headers[name] ? `${headers[name]}, ${value}` : value;
    }
    return headers;
  };
};

/** The rules of the site in `dir`, or none when it has no `_headers` file (or there is no site). */
export const readSiteHeaders = (dir: string | null): HeaderRules => {
  const file = dir ? join(dir, '_headers') : '';
  return file && existsSync(file) ? parseHeaderRules(readFileSync(file, 'utf8')) : () => ({});
};
