/**
 * `npm start` serves the isolated frame too (issue 33): the development server builds the frame's
 * page and script (src/studio/sandbox/buildFrame.ts) and sends the page with the frame's policy as a
 * header, so the Balance panel runs on the compiled tier there as in a build.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type ViteDevServer } from 'vite';
import { FRAME_HEADER_POLICY, FRAME_POLICY } from '../../src/studio/contentSecurityPolicy.ts';

let server: ViteDevServer;
let url: string;

beforeAll(async () => {
  server = await createServer({ root: process.cwd(), logLevel: 'silent', server: { port: 0, host: '127.0.0.1', hmr: false } });
  await server.listen();
  url = server.resolvedUrls?.local[0] ?? '';
}, 120_000);

afterAll(async () => {
  await server?.close();
});

describe('the isolated frame in the development server', () => {
  it("serves the frame's page under the frame's policy, as a header and as a meta tag", async () => {
    const response = await fetch(new URL('sandbox.html', url));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toBe(FRAME_HEADER_POLICY);
    const page = await response.text();
    expect(page).toContain(`<meta http-equiv="Content-Security-Policy" content="${FRAME_POLICY}">`);
    expect(page).toContain('<script src="sandbox.js"></script>');
  });

  it("serves the frame's script as one classic script, the compiled tier's worker inside it as text", async () => {
    const response = await fetch(new URL('sandbox.js', url));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/javascript/);
    const script = await response.text();
    expect(script).not.toMatch(/^\s*(import|export)\b/m);
    expect(script).toContain('createObjectURL');
    // The worker's text carries the emitter's allow-list check (acorn parses the generated code).
    expect(script).toMatch(/generated code failed the allow-list/);
  }, 60_000);
});
