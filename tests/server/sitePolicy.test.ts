/**
 * `houserules serve` sends each page of the studio its own policy as a header (issue 33): the
 * studio's page and files the studio's, framed by nobody; the isolated frame's page the frame's
 * (with unsafe-eval, no network), sandboxed and framed only by the studio.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shippedFiles } from '../../src/cli/catalog.ts';
import { serve, type RunningServer } from '../../src/server/serve.ts';
import { CONTENT_SECURITY_POLICY, FRAME_HEADER_POLICY } from '../../src/studio/contentSecurityPolicy.ts';
import { framePage } from '../../src/studio/sandbox/buildFrame.ts';

let server: RunningServer;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'houserules-site-'));
  const site = join(dir, 'site');
  mkdirSync(site);
  // The studio's page as the build writes it: its policy as a meta tag, quotes as entities.
  const meta = CONTENT_SECURITY_POLICY.replace(/'/g, '&#39;');
  writeFileSync(join(site, 'index.html'), `<!doctype html><meta http-equiv="Content-Security-Policy" content="${meta}"><p>studio</p>`);
  writeFileSync(join(site, 'sandbox.html'), framePage());
  writeFileSync(join(site, 'sandbox.js'), 'void 0;');
  server = await serve({
    port: 0,
    host: '127.0.0.1',
    store: join(dir, 'rooms.db'),
    site,
    games: { list: () => [], files: (id) => shippedFiles(id) },
  });
}, 60_000);

afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

const policyOf = async (path: string): Promise<string | null> =>
  (await fetch(new URL(path, server.url))).headers.get('content-security-policy');

describe("the studio's policies as headers", () => {
  it("sends the studio's policy on its page and files, framed by nobody", async () => {
    expect(await policyOf('/')).toBe(`${CONTENT_SECURITY_POLICY}; frame-ancestors 'none'`);
    expect(await policyOf('/sandbox.js')).toBe(`${CONTENT_SECURITY_POLICY}; frame-ancestors 'none'`);
  });

  it("sends the isolated frame's page its own policy: sandboxed, framed by the studio alone", async () => {
    expect(await policyOf('/sandbox.html')).toBe(FRAME_HEADER_POLICY);
    expect(await policyOf('/./sandbox.html')).toBe(FRAME_HEADER_POLICY);
  });
});
