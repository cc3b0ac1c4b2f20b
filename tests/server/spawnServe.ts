/** `houserules serve` as a child process, for tests that kill it or run several. */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

const BIN = join(import.meta.dirname, '../../bin/houserules.js');

export interface Child {
  readonly child: ChildProcess;
  readonly url: string;
}

/** Starts a server on a free port with rooms kept in `db` (a file or a postgres:// address); resolves once it listens. */
export const startServe = (db: string, extra: readonly string[] = []): Promise<Child> =>
  new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [BIN, 'serve', '--no-site', '--port', '0', '--db', db, '--workers', '1', '--bot-delay', '0', ...extra],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    const timer = setTimeout(() => reject(new Error(`serve did not start: ${out}`)), 60_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const url = /houserules serve: (http:\/\/\S+?)\/ /.exec(out)?.[1];
      if (url) {
        clearTimeout(timer);
        resolve({ child, url });
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`serve exited with ${code}: ${out}`)));
  });
