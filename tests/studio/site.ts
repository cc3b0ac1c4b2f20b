/**
 * Test support for the browser tests: builds the studio with Vite's JS API into a temporary
 * folder, serves it over HTTP on a free port, and launches Debian's chromium with playwright-core.
 */
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import type { AddressInfo } from 'node:net';
import { build } from 'vite';
import { chromium, type Browser } from 'playwright-core';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.ttf': 'font/ttf',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
};

export interface Site {
  url: string;
  dir: string;
  buildMs: number;
  close(): Promise<void>;
}

export const buildAndServe = async (): Promise<Site> => {
  const dir = await mkdtemp(join(tmpdir(), 'houserules-studio-'));
  const started = performance.now();
  await build({ root: process.cwd(), logLevel: 'error', build: { outDir: dir, emptyOutDir: true, minify: process.env.STUDIO_MINIFY !== '0' } });
  const buildMs = performance.now() - started;
  const server: Server = createServer((req, res) => {
    const path = normalize(decodeURIComponent((req.url ?? '/').split('?')[0] ?? '/')).replace(/^(\.\.[/\\])+/, '');
    const file = join(dir, path.endsWith('/') ? `${path}index.html` : path);
    readFile(file).then(
      (body) => {
        res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
        res.end(body);
      },
      () => {
        res.writeHead(404);
        res.end('not found');
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    dir,
    buildMs,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(dir, { recursive: true, force: true });
    },
  };
};

export const launchChromium = (): Promise<Browser> => {
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(executablePath)) {
    throw new Error(`no browser at ${executablePath}: install Debian's chromium (apt-get install -y chromium) or set CHROMIUM_PATH`);
  }
  return chromium.launch({
    executablePath,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
};
