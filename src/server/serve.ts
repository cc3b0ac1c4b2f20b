/**
 * `houserules serve`: one Node process that serves the built studio and the game server on one
 * port — the HTTP API (`/api/…`), a WebSocket per room, and the site's files with the headers its
 * build's `_headers` file gives them (the studio's policies, src/server/siteHeaders.ts). Storage is SQLite in a file, or
 * PostgreSQL for several processes sharing the rooms.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, normalize, resolve, sep } from 'node:path';
import { WebSocketServer } from 'ws';
import { LIMITS } from '../limits.ts';
import { createEnginePool } from './enginePool.ts';
import { createHub, type Hub, type Reply } from './hub.ts';
import { readSiteHeaders } from './siteHeaders.ts';
import { attachSocket, MAX_PAYLOAD } from './socket.ts';
import { openSqliteStore } from './sqliteStore.ts';
import { openPgStore } from './pgStore.ts';
import type { RoomStore } from './store.ts';

export interface GameSummary {
  readonly id: string;
  readonly title: string;
  readonly variants: readonly string[];
}

export interface ServeOptions {
  readonly port: number;
  readonly host: string;
  /** The SQLite file, a PostgreSQL address (`postgres://…`), or a store made elsewhere. */
  readonly store: string | RoomStore;
  /** The built studio (`npm run build`'s dist/), or null to serve the API alone. */
  readonly site: string | null;
  /** The shipped games: their list, and a game's files by id. */
  readonly games: { readonly list: () => readonly GameSummary[]; readonly files: (id: string) => Record<string, string> | undefined };
  readonly workers?: number;
  readonly botDelayMs?: number;
  readonly botTimeMs?: number;
  readonly idleMs?: number;
  /** Rooms one address may make per minute (default LIMITS.roomsPerMinute). */
  readonly roomsPerMinute?: number;
}

export interface RunningServer {
  readonly url: string;
  readonly port: number;
  close(): Promise<void>;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/plain; charset=utf-8',
};

/** What a response says when no rule of the site gives it a policy: nothing may load, nobody may frame it. */
const STRICT_POLICY = "default-src 'none'; frame-ancestors 'none'";

const ROOM_PATH = /^\/api\/rooms\/([^/]+)$/;
const CLAIM_PATH = /^\/api\/rooms\/([^/]+)\/claim$/;
const SOCKET_PATH = /^\/api\/rooms\/([^/]+)\/socket$/;

class TooLarge extends Error {}

const readBody = (request: IncomingMessage): Promise<unknown> =>
  new Promise((resolveBody, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > LIMITS.requestBytes) {
        reject(new TooLarge());
        request.destroy();
      } else chunks.push(chunk);
    });
    request.on('end', () => {
      try {
        resolveBody(JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown);
      } catch {
        resolveBody(Symbol.for('bad-json'));
      }
    });
    request.on('error', reject);
  });

/** Rooms made per address in the current minute. */
const roomQuota = (perMinute: number) => {
  let minute = 0;
  let counts = new Map<string, number>();
  return (address: string): boolean => {
    const now = Math.floor(Date.now() / 60_000);
    if (now !== minute) {
      minute = now;
      counts = new Map();
    }
    const n = (counts.get(address) ?? 0) + 1;
    counts.set(address, n);
    return n <= perMinute;
  };
};

export const serve = async (options: ServeOptions): Promise<RunningServer> => {
  const store =
    typeof options.store !== 'string'
      ? options.store
      : /^postgres(ql)?:\/\//.test(options.store)
        ? await openPgStore(options.store)
        : openSqliteStore(options.store);
  let hub: Hub | null = null;
  const pool = createEnginePool(options.workers ?? 2, (index) => hub?.lost(index));
  hub = createHub({
    store,
    pool,
    shipped: options.games.files,
    botDelayMs: options.botDelayMs ?? 600,
    botTimeMs: options.botTimeMs ?? 400,
    idleMs: options.idleMs ?? 60_000,
  });
  const rooms = hub;
  // Each file of the studio with the headers its build asked for (its policies: the page's, the isolated frame's).
  const siteHeaders = readSiteHeaders(options.site);
  const perMinute = options.roomsPerMinute ?? LIMITS.roomsPerMinute;
  const quota = roomQuota(perMinute);
  const headers = { 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'no-referrer', 'content-security-policy': STRICT_POLICY };

  const json = (response: ServerResponse, reply: Reply): void => {
    response.writeHead(reply.status, { ...headers, 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
    response.end(JSON.stringify(reply.body));
  };
  const fail = (code: string, message: string, status: number): Reply => ({ status, body: { code, message } });

  const api = async (request: IncomingMessage, path: string): Promise<Reply> => {
    const method = request.method ?? 'GET';
    if (path === '/api/games' && method === 'GET') return { status: 200, body: { games: options.games.list() } };
    if (path === '/api/rooms' && method === 'POST') {
      if (!quota(request.socket.remoteAddress ?? ''))
        return fail('rate-limited', `at most ${perMinute} rooms a minute from one address`, 429);
      const body = await readBody(request);
      return typeof body === 'symbol' ? fail('bad-json', 'the body must be JSON', 400) : rooms.createRoom(body);
    }
    const claim = CLAIM_PATH.exec(path);
    if (claim && method === 'POST') {
      const body = await readBody(request);
      return typeof body === 'symbol'
        ? fail('bad-json', 'the body must be JSON', 400)
        : rooms.claim(decodeURIComponent(claim[1] ?? ''), body);
    }
    const room = ROOM_PATH.exec(path);
    if (room && method === 'GET') return rooms.roomInfo(decodeURIComponent(room[1] ?? ''));
    return fail('bad-request', `no ${method} ${path.slice(0, 80)} in the API (see docs/PROTOCOL.md)`, 404);
  };

  const file = (response: ServerResponse, path: string, head: boolean): void => {
    const site = options.site;
    const relative = normalize(decodeURIComponent(path === '/' ? '/index.html' : path)).replace(/^[/\\]+/, '');
    const full = site ? resolve(site, relative) : '';
    if (!site || !full.startsWith(resolve(site) + sep) || !existsSync(full) || !statSync(full).isFile()) {
      response.writeHead(404, { ...headers, 'Content-Type': 'text/plain; charset=utf-8' });
      response.end(site ? 'not found' : 'this server has no studio to serve (run npm run build first)');
      return;
    }
    const type = TYPES[extname(full)] ?? 'application/octet-stream';
    response.writeHead(200, {
      ...headers,
      // Lower case, as the rules give them: each replaces the default of the same name.
      ...siteHeaders(`/${relative.split(sep).join('/')}`),
      'Content-Type': type,
      'Cache-Control': extname(full) === '.html' || full.endsWith('sw.js') ? 'no-cache' : 'public, max-age=3600',
    });
    response.end(head ? undefined : readFileSync(full));
  };

  const server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    if (path.startsWith('/api/')) {
      api(request, path)
        .then((reply) => json(response, reply))
        .catch((error: unknown) => {
          if (error instanceof TooLarge) json(response, fail('too-large', `a request may have ${LIMITS.requestBytes} bytes at most`, 413));
          else json(response, fail('server-error', error instanceof Error ? error.message : String(error), 500));
        });
      return;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, headers);
      response.end();
      return;
    }
    try {
      file(response, path, request.method === 'HEAD');
    } catch {
      response.writeHead(400, headers);
      response.end();
    }
  });

  const sockets = new WebSocketServer({ noServer: true, maxPayload: MAX_PAYLOAD });
  server.on('upgrade', (request, socket, head) => {
    const match = SOCKET_PATH.exec((request.url ?? '').split('?')[0] ?? '');
    if (!match) {
      socket.end('HTTP/1.1 404 Not Found\r\n\r\n');
      return;
    }
    sockets.handleUpgrade(request, socket, head, (ws) => attachSocket(ws, decodeURIComponent(match[1] ?? ''), rooms));
  });

  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolveListen());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return {
    url: `http://${options.host.includes(':') ? `[${options.host}]` : options.host}:${port}`,
    port,
    close: async () => {
      for (const client of sockets.clients) client.terminate();
      await new Promise<void>((done) => server.close(() => done()));
      await rooms.close();
      await pool.close();
      await store.close();
    },
  };
};
