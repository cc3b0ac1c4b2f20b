import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '../../server/serve.ts';
import { listGames, shippedFiles } from '../catalog.ts';
import { intOption, type Command } from '../command.ts';
import { LIMITS } from '../../limits.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/** Builds the studio into dist/ when it is not there, so that `serve` serves a studio from a fresh clone. */
const ensureSite = async (site: string, say: (text: string) => void): Promise<void> => {
  if (existsSync(join(site, 'index.html'))) return;
  say(`building the studio into ${site} (once; npm run build makes it again after a change)…`);
  const { build } = await import('vite');
  await build({ root: ROOT, logLevel: 'warn', build: { outDir: site } });
};

/**
 * The shipped games, read from disk once: every room made from one comes from the same text, and
 * reading the folder again for each room would parse every game's YAML beside the sockets.
 */
const shippedGames = () => {
  const list = listGames().map((g) => ({ id: g.id, title: g.title, variants: g.variants.map((v) => v.id) }));
  const files = new Map<string, Record<string, string> | undefined>();
  return {
    list: () => list,
    files: (id: string) => {
      if (!files.has(id)) files.set(id, shippedFiles(id));
      return files.get(id);
    },
  };
};

const untilStopped = (): Promise<void> =>
  new Promise((done) => {
    process.once('SIGINT', () => done());
    process.once('SIGTERM', () => done());
  });

export const serveCommand: Command = {
  name: 'serve',
  engine: 'compiled',
  usage: 'serve [--port 8787] [--host 127.0.0.1] [--db houserules.db | postgres://…] [--workers N]',
  summary: 'serve the studio and the game server: rooms and seats to play together from several devices',
  options: {
    port: { type: 'string', hint: 'n', help: 'the port (default 8787; 0 picks a free one)' },
    host: {
      type: 'string',
      hint: 'address',
      help: 'the address to listen on (default 127.0.0.1, this machine only; 0.0.0.0 for the network)',
    },
    db: {
      type: 'string',
      hint: 'file|url',
      help: 'the SQLite file that keeps the rooms (default houserules.db), or postgres://… for several processes on one PostgreSQL',
    },
    workers: { type: 'string', hint: 'n', help: 'engine workers that play the rooms (default 2)' },
    'bot-delay': { type: 'string', hint: 'ms', help: 'the pause before a bot in a seat moves, so people can follow (default 600)' },
    'rooms-per-minute': { type: 'string', hint: 'n', help: `rooms one address may make per minute (default ${LIMITS.roomsPerMinute})` },
    'no-site': { type: 'boolean', help: 'serve the API alone, without the studio' },
  },
  run: async (_positionals, values, io) => {
    const port = intOption(io, values, 'port', 8787, { min: 0, max: 65535 });
    const workers = intOption(io, values, 'workers', 2, { min: 1, max: 64 });
    const botDelayMs = intOption(io, values, 'bot-delay', 600, { min: 0, max: 60_000 });
    const roomsPerMinute = intOption(io, values, 'rooms-per-minute', LIMITS.roomsPerMinute, { min: 1, max: 1_000_000 });
    if (port === null || workers === null || botDelayMs === null || roomsPerMinute === null) return 1;
    const host = typeof values.host === 'string' ? values.host : '127.0.0.1';
    const db = typeof values.db === 'string' ? values.db : 'houserules.db';
    const site = values['no-site'] ? null : join(ROOT, 'dist');
    if (site) await ensureSite(site, io.err);
    const server = await serve({
      port: port ?? 8787,
      host,
      store: db,
      site,
      workers: workers ?? 2,
      botDelayMs: botDelayMs ?? 600,
      roomsPerMinute: roomsPerMinute ?? LIMITS.roomsPerMinute,
      games: shippedGames(),
    });
    const kept = /^postgres(ql)?:\/\//.test(db) ? 'PostgreSQL' : db;
    io.out(`houserules serve: ${server.url}/ (rooms kept in ${kept}; Ctrl+C stops)`);
    await untilStopped();
    await server.close();
    return 0;
  },
};
