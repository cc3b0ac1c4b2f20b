/**
 * Share links: the edited files and the house-rule choice, deflated and base64url-encoded into the
 * URL hash, so a link alone reproduces a variant (no server). Decoding checks every step and says
 * which one failed, because a truncated or hand-edited link is the common case.
 */
import type { Json } from '../../engine/types.ts';
import { LIMITS } from '../../limits.ts';

export interface SharedSpec {
  /** The game id the link opens. */
  game: string;
  /** Texts by repo-relative file name (base first). */
  files: Record<string, string>;
  variants: string[];
  params: Record<string, Json>;
}

const VERSION = 1;

const toBase64Url = (bytes: Uint8Array): string => {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
};

const fromBase64Url = (text: string): Uint8Array => {
  const b64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
};

/** The longest link data read, and the most it may inflate to: a link is a few specs, not a bomb. */
export const MAX_LINK_CHARS = LIMITS.linkChars;
export const MAX_INFLATED_BYTES = LIMITS.linkInflatedBytes;

class TooLarge extends Error {}

/** Runs `bytes` through `stream`, stopping as soon as the output passes `limit` bytes. */
const pipe = async (bytes: Uint8Array, stream: CompressionStream | DecompressionStream, limit = Infinity): Promise<Uint8Array> => {
  const reader = new Blob([bytes as BlobPart]).stream().pipeThrough(stream).getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw new TooLarge();
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
};

export const encodeShare = async (shared: SharedSpec): Promise<string> => {
  const json = new TextEncoder().encode(JSON.stringify({ v: VERSION, ...shared }));
  return toBase64Url(await pipe(json, new CompressionStream('deflate-raw')));
};

export type DecodeResult = { ok: true; shared: SharedSpec } | { ok: false; error: string };

const isStringRecord = (v: unknown): v is Record<string, string> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && Object.values(v).every((x) => typeof x === 'string');

const isJsonValue = (v: unknown): boolean =>
  v === null ||
  typeof v === 'string' ||
  typeof v === 'boolean' ||
  (typeof v === 'number' && Number.isFinite(v)) ||
  (Array.isArray(v) && v.every(isJsonValue)) ||
  (typeof v === 'object' && Object.values(v as object).every(isJsonValue));

const isJsonRecord = (v: unknown): v is Record<string, Json> => typeof v === 'object' && v !== null && !Array.isArray(v) && isJsonValue(v);

export const decodeShare = async (data: string): Promise<DecodeResult> => {
  if (data.length > MAX_LINK_CHARS)
    return {
      ok: false,
      error: `the link is ${Math.round(data.length / 1000)} kB long, more than a share link may be (${MAX_LINK_CHARS / 1000} kB)`,
    };
  if (!/^[A-Za-z0-9_-]+$/.test(data))
    return { ok: false, error: 'the link contains characters a share link never has (was it cut or edited?)' };
  let bytes: Uint8Array;
  try {
    bytes = fromBase64Url(data);
  } catch {
    return { ok: false, error: 'the link is not valid base64url' };
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(await pipe(bytes, new DecompressionStream('deflate-raw'), MAX_INFLATED_BYTES));
  } catch (err) {
    if (err instanceof TooLarge)
      return {
        ok: false,
        error: `the link's data inflates to more than ${MAX_INFLATED_BYTES / 1_000_000} MB, more than any spec: it was not opened`,
      };
    return { ok: false, error: 'the link data does not decompress: it was probably cut short when copied' };
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { ok: false, error: 'the link data is not JSON' };
  }
  if (typeof raw !== 'object' || raw === null) return { ok: false, error: 'the link data is not an object' };
  const r = raw as Record<string, unknown>;
  if (r.v !== VERSION) return { ok: false, error: `the link was made by another version of the studio (format ${String(r.v)})` };
  if (typeof r.game !== 'string' || !r.game) return { ok: false, error: 'the link names no game' };
  if (!isStringRecord(r.files) || Object.keys(r.files).length === 0) return { ok: false, error: 'the link carries no spec files' };
  const variants = Array.isArray(r.variants) ? r.variants.filter((v): v is string => typeof v === 'string') : [];
  if (r.params !== undefined && !isJsonRecord(r.params)) return { ok: false, error: "the link's params are not a table of values" };
  const params = Object.assign(Object.create(null) as Record<string, Json>, r.params ?? {});
  return { ok: true, shared: { game: r.game, files: r.files, variants, params } };
};
