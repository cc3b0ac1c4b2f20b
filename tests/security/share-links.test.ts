/**
 * Issue 16: share links are untrusted until compiled. A small link that inflates to hundreds of
 * megabytes is refused at the decompressed-size cap, and a link only ever opens its own game's
 * files on its own game's page.
 */
import { createDeflateRaw } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { encodeShare, MAX_INFLATED_BYTES, MAX_LINK_CHARS } from '../../src/studio/persist/share.ts';
import { readShare } from '../../src/studio/workbench/readShare.ts';

/** A link whose JSON carries one spec file of `megabytes` MB of one repeated letter, deflated as a stream. */
const bombLink = async (megabytes: number): Promise<string> => {
  const deflate = createDeflateRaw({ level: 9 });
  const chunks: Buffer[] = [];
  deflate.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise((resolve) => deflate.on('end', resolve));
  deflate.write('{"v":1,"game":"g","files":{"games/g/game.yaml":"');
  const megabyte = Buffer.alloc(1 << 20, 'a');
  for (let i = 0; i < megabytes; i++) deflate.write(megabyte);
  deflate.end('"},"variants":[],"params":{}}');
  await done;
  return Buffer.concat(chunks).toString('base64url');
};

describe('a share link that inflates without bound', () => {
  it('a 400 kB link inflating to 300 MB is refused by the decompressed-size cap', async () => {
    const link = await bombLink(300);
    expect(link.length).toBeGreaterThan(350_000);
    expect(link.length).toBeLessThan(MAX_LINK_CHARS);
    expect(await readShare('g', link)).toEqual({
      error: `the link's data inflates to more than ${MAX_INFLATED_BYTES / 1_000_000} MB, more than any spec: it was not opened`,
    });
  }, 60_000);
});

describe("a link never opens another game's files", () => {
  const link = (game: string, files: Record<string, string>): Promise<string> => encodeShare({ game, files, variants: [], params: {} });

  it("a link for one game opened on another game's page is refused", async () => {
    expect(await readShare('g', await link('h', { 'games/h/game.yaml': 'id: h' }))).toEqual({
      error: "the link is for the game 'h', not 'g'",
    });
  });

  it("a link carrying another game's file, or a path out of its own folder, is refused whole", async () => {
    const other = await link('g', { 'games/g/game.yaml': 'id: g', 'games/h/game.yaml': 'id: h' });
    expect(await readShare('g', other)).toEqual({ error: "the link carries files that are not of 'g': games/h/game.yaml" });
    const escaping = await link('g', { 'games/g/../h/variants/v.yaml': 'x', 'games/g/game.yaml': 'id: g' });
    expect(await readShare('g', escaping)).toEqual({ error: "the link carries files that are not of 'g': games/g/../h/variants/v.yaml" });
  });

  it("opens a link of the page's own game with its variants", async () => {
    const files = { 'games/g/game.yaml': 'id: g', 'games/g/variants/v.yaml': 'variant: v' };
    expect(await readShare('g', await link('g', files))).toEqual({ shared: { game: 'g', files, variants: [], params: {} } });
  });
});
