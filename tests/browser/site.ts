/**
 * The built studio for browser tests and the bench: a Vite build of the site, served over HTTP on
 * a free port, and Debian's chromium launched with playwright-core.
 */
import { existsSync } from 'node:fs';
import type { HeaderRules } from '../../src/server/siteHeaders.ts';
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
  '.webmanifest': 'application/manifest+json',
};

export interface Served {
  url: string;
  close(): Promise<void>;
}

/**
 * Builds the site into `outDir` (emptied first); returns the build's duration in ms. It is the
 * production build people get: Vite builds for whatever NODE_ENV says, and vitest sets it to
 * 'test', which gave the browser tests React's development build (several times slower to render).
 */
export const buildSite = async (outDir: string): Promise<number> => {
  const started = performance.now();
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      root: process.cwd(),
      logLevel: 'error',
      build: { outDir, emptyOutDir: true, minify: process.env.STUDIO_MINIFY !== '0' },
    });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  return performance.now() - started;
};

/**
 * Serves the files of `dir` as a static host would: hashed assets may be cached for a year, the
 * page itself must be revalidated (so a new build is picked up). `headers` go on every response,
 * or on the paths the rules give them to.
 */
export const serveDir = async (dir: string, headers: Readonly<Record<string, string>> | HeaderRules = {}): Promise<Served> => {
  const server: Server = createServer((req, res) => {
    const path = normalize(decodeURIComponent((req.url ?? '/').split('?')[0] ?? '/')).replace(/^(\.\.[/\\])+/, '');
    const file = join(dir, path.endsWith('/') ? `${path}index.html` : path);
    readFile(file).then(
      (body) => {
        const immutable = /[/\\]assets[/\\]/.test(file);
        res.writeHead(200, {
          ...(typeof headers === 'function' ? headers(path) : headers),
          'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
          'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        });
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
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

export interface Site extends Served {
  dir: string;
  buildMs: number;
}

/** A fresh build in a temporary folder, served; closing removes the folder. */
export const buildAndServe = async (): Promise<Site> => {
  const dir = await mkdtemp(join(tmpdir(), 'houserules-studio-'));
  const buildMs = await buildSite(dir);
  const server = await serveDir(dir);
  return {
    ...server,
    dir,
    buildMs,
    close: async () => {
      await server.close();
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
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
};
