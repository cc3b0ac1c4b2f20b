/// <reference types="vitest/config" />
import { resolve } from 'node:path';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { defineConfig, transformWithOxc, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import gameSchema from './schema/game.schema.json' with { type: 'json' };
import variantSchema from './schema/variant.schema.json' with { type: 'json' };
import { standaloneValidatorsModule } from './src/validate/standalone.ts';
import {
  CONTENT_SECURITY_POLICY,
  FRAME_HEADER_POLICY,
  FRAME_PAGE,
  FRAME_SCRIPT,
  siteHeadersFile,
} from './src/studio/contentSecurityPolicy.ts';
import { buildFrame, type FrameFiles } from './src/studio/sandbox/buildFrame.ts';
import ELK from 'elkjs';
import { prelayout } from './src/studio/diagram/prelayout.ts';

/** schemaValidators.ts as ajv's standalone code, generated here (see that file): for the studio's build and the isolated frame's. */
const validatorsPlugin = {
  name: 'houserules-standalone-validators',
  load: (id: string): string | undefined => {
    if (!id.endsWith('/src/validate/schemaValidators.ts')) return undefined;
    return standaloneValidatorsModule(gameSchema, variantSchema, {
      gameSchema: resolve(import.meta.dirname, 'schema/game.schema.json'),
      variantSchema: resolve(import.meta.dirname, 'schema/variant.schema.json'),
      schemaIndex: resolve(import.meta.dirname, 'src/validate/schemaIndex.ts'),
    });
  },
};

/** In the built studio, schemaValidators.ts becomes ajv's standalone code. */
const standaloneValidators = (): Plugin => ({ ...validatorsPlugin, apply: 'build' });

/** The isolated frame's files (src/studio/sandbox/buildFrame.ts), with the validators the studio's workers have. */
const frameFiles = (): Promise<FrameFiles> => buildFrame(import.meta.dirname, [validatorsPlugin]);

/**
 * The isolated frame, where the Balance panel's games run on rules compiled to JavaScript: emitted
 * beside index.html by a build, served by the development server (built once, again after a
 * source changes), each time with the frame's own policy as a header.
 */
const isolatedFrame = (): Plugin => {
  let built: Promise<FrameFiles> | undefined;
  return {
    name: 'houserules-isolated-frame',
    configureServer(server) {
      server.watcher.on('change', (file) => {
        if (file.startsWith(resolve(import.meta.dirname, 'src'))) built = undefined;
      });
      server.middlewares.use((request, response, next) => {
        const path = (request.url ?? '').split('?')[0];
        if (path !== `/${FRAME_PAGE}` && path !== `/${FRAME_SCRIPT}`) return next();
        built ??= frameFiles();
        built.then(
          (files) => {
            const page = path === `/${FRAME_PAGE}`;
            response.writeHead(200, {
              'Content-Type': page ? 'text/html; charset=utf-8' : 'text/javascript; charset=utf-8',
              'Cache-Control': 'no-cache',
              ...(page ? { 'Content-Security-Policy': FRAME_HEADER_POLICY } : {}),
            });
            response.end(page ? files.page : files.script);
          },
          (error: unknown) => {
            built = undefined;
            next(error);
          },
        );
      });
    },
    async generateBundle() {
      const files = await frameFiles();
      this.emitFile({ type: 'asset', fileName: FRAME_PAGE, source: files.page });
      this.emitFile({ type: 'asset', fileName: FRAME_SCRIPT, source: files.script });
    },
  };
};

/**
 * `virtual:diagram-layouts`: every game folder's base flow laid out by ELK here, with the studio's
 * own ELK input (src/studio/diagram/prelayout.ts), so its first diagram is drawn without waiting
 * for the layout worker.
 */
const diagramLayouts = (): Plugin => {
  const id = 'virtual:diagram-layouts';
  return {
    name: 'houserules-diagram-layouts',
    resolveId: (source) => (source === id ? `\0${id}` : undefined),
    async load(resolved) {
      if (resolved !== `\0${id}`) return undefined;
      const dir = resolve(import.meta.dirname, 'games');
      const files = readdirSync(dir)
        .sort()
        .map((game) => `games/${game}/game.yaml`)
        .filter((file) => existsSync(resolve(import.meta.dirname, file)));
      for (const file of files) this.addWatchFile(resolve(import.meta.dirname, file));
      const layouts = await prelayout(
        new ELK(),
        files.map((file) => ({ file, text: readFileSync(resolve(import.meta.dirname, file), 'utf8') })),
      );
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(layouts))});`;
    },
  };
};

/**
 * The policy as a meta tag of the built page (the dev server's hot reload needs inline scripts),
 * and as headers in `_headers` (the format static hosts such as Netlify and Cloudflare Pages
 * read): a worker does not inherit a page's meta policy, only a header's.
 */
const contentSecurityPolicy = (): Plugin => ({
  name: 'houserules-content-security-policy',
  apply: 'build',
  transformIndexHtml: () => [
    { tag: 'meta', attrs: { 'http-equiv': 'Content-Security-Policy', content: CONTENT_SECURITY_POLICY }, injectTo: 'head-prepend' },
  ],
  generateBundle() {
    this.emitFile({ type: 'asset', fileName: '_headers', source: siteHeadersFile() });
  },
});

/** The service worker as `sw.js` at the site's root (its scope), told the files of this build. */
const serviceWorker = (): Plugin => ({
  name: 'houserules-service-worker',
  apply: 'build',
  async generateBundle(_options, bundle) {
    const file = resolve(import.meta.dirname, 'src/studio/offline/serviceWorker.ts');
    const { code } = await transformWithOxc(readFileSync(file, 'utf8'), file, { lang: 'ts', target: 'es2022' });
    const assets = Object.keys(bundle)
      .filter((name) => name.startsWith('assets/'))
      .sort();
    this.emitFile({ type: 'asset', fileName: 'sw.js', source: `const ASSETS = ${JSON.stringify(assets)};\n${code}` });
  },
});

export default defineConfig({
  plugins: [react(), standaloneValidators(), contentSecurityPolicy(), serviceWorker(), diagramLayouts(), isolatedFrame()],
  base: './',
  // `npm start` beside `npx houserules serve`: the studio's "Play with friends" reaches the game
  // server through the dev server (HOUSERULES_SERVER names another address).
  server: { proxy: { '/api': { target: process.env.HOUSERULES_SERVER ?? 'http://127.0.0.1:8787', ws: true } } },
  worker: { format: 'es', plugins: () => [standaloneValidators()] },
  test: {
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'], exclude: ['tests/**/*.browser.test.ts'] },
      },
      // The language's and the rules' tests again, with the expressions compiled to JavaScript
      // (src/lang/emit): one semantics, held by one set of tests on both tiers.
      {
        extends: true,
        test: {
          name: 'compiled',
          include: [
            'tests/lang/**/*.test.ts',
            'tests/games/*.test.ts',
            'tests/runtime/oracle.test.ts',
            'tests/security/budget.test.ts',
            'tests/security/prototype.test.ts',
            'tests/security/fuzz.test.ts',
            'tests/server/enginePool.test.ts',
          ],
          setupFiles: ['tests/helpers/compiledTier.ts'],
        },
      },
      // Browser tests share one build of the site, made by the global setup only when one is selected.
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['tests/**/*.browser.test.ts'],
          globalSetup: ['tests/browser/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
