/**
 * Builds the isolated frame's two files (vite.config.ts serves them in development and emits them
 * in a build): sandbox.html, a page under FRAME_POLICY that loads sandbox.js as a classic script,
 * and sandbox.js, frame.ts with the compiled tier's worker (compiled.worker.ts) inside it as text.
 * Classic scripts, each one self-contained, because a document of opaque origin fetches a module
 * script, or starts a worker from the site's files, only across origins (which the studio's
 * server would have to allow to every site).
 */
import { resolve } from 'node:path';
import { rolldown, type Plugin } from 'rolldown';
import { FRAME_POLICY, FRAME_SCRIPT } from '../contentSecurityPolicy.ts';

export interface FrameFiles {
  readonly page: string;
  readonly script: string;
}

const WORKER_MODULE = 'virtual:frame-worker';

/** `file` and what it imports as one classic script, minified. */
const bundle = async (file: string, plugins: Plugin[]): Promise<string> => {
  const build = await rolldown({ input: file, platform: 'browser', plugins, logLevel: 'warn' });
  try {
    const { output } = await build.generate({ format: 'iife', minify: true });
    const [chunk] = output;
    if (chunk?.type !== 'chunk' || output.length !== 1) throw new Error(`${file} did not build into one script`);
    return chunk.code;
  } finally {
    await build.close();
  }
};

/** The frame's page: its policy as a meta tag too, for a host that sends no header. */
export const framePage = (): string =>
  [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${FRAME_POLICY}">`,
    '<title>houserules: isolated frame</title>',
    '</head>',
    '<body>',
    `<script src="${FRAME_SCRIPT}"></script>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');

/** The frame's files, from the sources under `root`; `plugins` are the studio's own (its standalone validators). */
export const buildFrame = async (root: string, plugins: Plugin[] = []): Promise<FrameFiles> => {
  const dir = resolve(root, 'src/studio/sandbox');
  const worker = await bundle(resolve(dir, 'compiled.worker.ts'), plugins);
  const embed: Plugin = {
    name: 'houserules-frame-worker',
    resolveId: (source) => (source === WORKER_MODULE ? `\0${WORKER_MODULE}` : undefined),
    load: (id) => (id === `\0${WORKER_MODULE}` ? `export default ${JSON.stringify(worker)};` : undefined),
  };
  return { page: framePage(), script: await bundle(resolve(dir, 'frame.ts'), [embed]) };
};
