/**
 * Vitest global setup of the `browser` project: builds the site into `dist/` once for every
 * browser test file of the run and serves it. Vitest runs it only when at least one
 * `*.browser.test.ts` file is selected, so `npx vitest run tests/engine` builds nothing.
 */
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildSite, serveDir } from './site.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The served build of the studio, ending in '/'. */
    studioUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = join(process.cwd(), 'dist');
  const ms = await buildSite(dir);
  const server = await serveDir(dir);
  console.log(`browser tests: site built in ${(ms / 1000).toFixed(1)} s, served at ${server.url}`);
  project.provide('studioUrl', server.url);
  return () => server.close();
}
