/**
 * `houserules serve` sends each file of the studio the headers its build's `_headers` gives it, as
 * a static host does (issue 33): the studio's page and files the studio's policy, framed by nobody;
 * the isolated frame's page the frame's (unsafe-eval, no network), sandboxed and framed by the
 * studio alone; anything else, and the API, a policy that allows nothing.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shippedFiles } from '../../src/cli/catalog.ts';
import { serve, type RunningServer } from '../../src/server/serve.ts';
import { parseHeaderRules } from '../../src/server/siteHeaders.ts';
import { FRAME_HEADER_POLICY, STUDIO_HEADER_POLICY, siteHeadersFile } from '../../src/studio/contentSecurityPolicy.ts';
import { framePage } from '../../src/studio/sandbox/buildFrame.ts';

const STRICT = "default-src 'none'; frame-ancestors 'none'";
let server: RunningServer;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'houserules-site-'));
  const site = join(dir, 'site');
  mkdirSync(join(site, 'assets'), { recursive: true });
  writeFileSync(join(site, 'index.html'), '<!doctype html><p>studio</p>');
  writeFileSync(join(site, 'assets', 'index-1.js'), 'void 0;');
  writeFileSync(join(site, 'sandbox.html'), framePage());
  writeFileSync(join(site, 'sandbox.js'), 'void 0;');
  writeFileSync(join(site, '_headers'), siteHeadersFile());
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
  it("sends the studio's policy on its page and its files, framed by nobody", async () => {
    expect(await policyOf('/')).toBe(STUDIO_HEADER_POLICY);
    expect(await policyOf('/index.html')).toBe(STUDIO_HEADER_POLICY);
    expect(await policyOf('/assets/index-1.js')).toBe(STUDIO_HEADER_POLICY);
  });

  it("sends the isolated frame's page its own policy: sandboxed, framed by the studio alone", async () => {
    expect(await policyOf('/sandbox.html')).toBe(FRAME_HEADER_POLICY);
    expect(await policyOf('/./sandbox.html')).toBe(FRAME_HEADER_POLICY);
  });

  it('sends a policy that allows nothing where no rule gives one, and on the API', async () => {
    expect(await policyOf('/sandbox.js')).toBe(STRICT);
    expect(await policyOf('/api/games')).toBe(STRICT);
    expect(await policyOf('/no-such-file')).toBe(STRICT);
  });
});

describe('the rules of a _headers file', () => {
  it('adds the headers of every rule that matches, a trailing * matching any rest, and sends a header two rules give with both values', () => {
    const rules = parseHeaderRules(
      [
        '# a comment',
        '/*',
        '  X-Frame-Options: DENY',
        '/a/*',
        '  Content-Security-Policy: one',
        '/a/b',
        '  content-security-policy: two',
        '',
      ].join('\n'),
    );
    expect(rules('/x')).toEqual({ 'x-frame-options': 'DENY' });
    expect(rules('/a/c')).toEqual({ 'x-frame-options': 'DENY', 'content-security-policy': 'one' });
    expect(rules('/a/b')).toEqual({ 'x-frame-options': 'DENY', 'content-security-policy': 'one, two' });
  });
});
