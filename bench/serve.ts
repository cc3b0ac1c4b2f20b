/**
 * `npm run bench:serve`: the game server under load, over loopback. `houserules serve` runs as a
 * child process (its own file, its memory read from /proc); this process runs scripted clients:
 * `--rooms` rooms (default 200) of `--seats` seats (default 4) of `--game` (default regicide),
 * each seat a socket that plays a random legal move whenever it has one, for `--seconds` (default
 * 60). A room whose game ends is replaced by a new one. `--db postgres://…` keeps the rooms in
 * PostgreSQL (default: SQLite in a temporary file), `--processes N` runs N servers on it with each
 * room's seats spread over them. It prints, and with --json gives:
 * acknowledged moves a second, move-to-last-broadcast latency (from a move's send until the last
 * socket of its room has the state after it) p50/p99, error frames (goal 0), events lost or
 * duplicated at any socket (goal 0), and the server's memory at the start and the end.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import type { ServerMessage } from '../src/server/protocol.ts';
import { quantile } from '../src/sim/stats.ts';

const flag = (name: string, fallback: string): string => {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? (process.argv[at + 1] ?? fallback) : fallback;
};
const ROOMS = Number(flag('rooms', '200'));
const SEATS = Number(flag('seats', '4'));
const SECONDS = Number(flag('seconds', '60'));
const GAME = flag('game', 'regicide');
const WORKERS = flag('workers', '2');
const json = process.argv.includes('--json');

const PROCESSES = Number(flag('processes', '1'));
const dir = mkdtempSync(join(tmpdir(), 'houserules-load-'));
const DB = flag('db', join(dir, 'rooms.db'));

/** One `serve` process; its address once it listens. */
const startServer = (): Promise<{ child: ChildProcess; url: string }> => {
  const child = spawn(
    process.execPath,
    ['bin/houserules.js', 'serve', '--no-site', '--port', '0', '--db', DB, '--workers', WORKERS, '--rooms-per-minute', '1000000'],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const found = /houserules serve: (http:\/\/\S+?)\/ /.exec(out)?.[1];
      if (found) resolve({ child, url: found });
    });
    child.on('exit', (code) => reject(new Error(`serve exited with ${code}`)));
  });
};
// Several processes start one after another: the first migrates the database.
const servers: { child: ChildProcess; url: string }[] = [];
for (let i = 0; i < PROCESSES; i++) servers.push(await startServer());
const url = (servers[0] as { url: string }).url;

/** The servers' memory together, from /proc. */
const rssMb = (): number =>
  servers.reduce(
    (sum, { child }) => sum + Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024,
    0,
  );

interface Tally {
  moves: number;
  errors: Map<string, number>;
  latencies: number[];
  lost: number;
  duplicated: number;
  rooms: number;
  games: number;
}
const tally: Tally = { moves: 0, errors: new Map(), latencies: [], lost: 0, duplicated: 0, rooms: 0, games: 0 };
let running = true;

type State = Extract<ServerMessage, { type: 'state' }>;

/** One room: its sockets, and for each move sent, when, until all sockets have the state after it. */
const playRoom = async (): Promise<void> => {
  const made = await fetch(`${url}/api/rooms`, {
    method: 'POST',
    body: JSON.stringify({ game: GAME, players: SEATS }),
    headers: { 'Content-Type': 'application/json' },
  });
  const body = (await made.json()) as { room: string; seats: { token: string }[]; code?: string };
  if (!made.ok) {
    tally.errors.set(`create ${body.code}`, (tally.errors.get(`create ${body.code}`) ?? 0) + 1);
    return;
  }
  tally.rooms++;
  const sent = new Map<number, { at: number; left: number }>();
  let over = false;
  let finished = 0;
  await new Promise<void>((done) => {
    body.seats.forEach((seat, index) => {
      // With several processes, the seats of one room are spread over them.
      const base = (servers[index % servers.length] as { url: string }).url;
      const ws = new WebSocket(`${base.replace('http', 'ws')}/api/rooms/${body.room}/socket`);
      let lastSeq: number | null = null;
      ws.on('open', () => ws.send(JSON.stringify({ type: 'hello', token: seat.token })));
      ws.on('message', (data) => {
        const message = JSON.parse(String(data)) as ServerMessage;
        if (message.type === 'error') tally.errors.set(message.code, (tally.errors.get(message.code) ?? 0) + 1);
        if (message.type !== 'state') return;
        const state = message as State;
        // Every event exactly once, in order, at every socket.
        for (const event of state.events) {
          if (event.kind === 'start') continue;
          if (lastSeq !== null && event.seq <= lastSeq) tally.duplicated++;
          else if (lastSeq !== null && event.seq > lastSeq + 1) tally.lost += event.seq - lastSeq - 1;
          lastSeq = event.seq;
        }
        if (lastSeq === null) lastSeq = state.seq;
        const pending = sent.get(state.seq);
        if (pending && --pending.left === 0) {
          tally.latencies.push(performance.now() - pending.at);
          sent.delete(state.seq);
        }
        if (state.over) over = true;
        if (running && !state.over && state.legal.length > 0) {
          const move = state.legal[Math.floor(Math.random() * state.legal.length)];
          sent.set(state.seq + 1, { at: performance.now(), left: body.seats.length });
          ws.send(JSON.stringify({ type: 'move', seq: state.seq, move }));
          tally.moves++;
        }
        if (over || !running) ws.close();
      });
      ws.on('close', () => {
        if (++finished === body.seats.length) done();
      });
    });
  });
  if (over) tally.games++;
};

const loop = async (): Promise<void> => {
  while (running) await playRoom();
};

/**
 * Before the clock starts: every engine worker of every process compiles the game once (a room per
 * worker, watched from every process), so the figures are of play, not of start-up.
 */
const warmUp = async (): Promise<void> => {
  for (let i = 0; i < Number(WORKERS); i++) {
    const made = await fetch(`${url}/api/rooms`, {
      method: 'POST',
      body: JSON.stringify({ game: GAME, players: SEATS }),
      headers: { 'Content-Type': 'application/json' },
    });
    const { room } = (await made.json()) as { room: string };
    await Promise.all(
      servers.map(
        ({ url: base }) =>
          new Promise<void>((done) => {
            const ws = new WebSocket(`${base.replace('http', 'ws')}/api/rooms/${room}/socket`);
            ws.on('open', () => ws.send(JSON.stringify({ type: 'hello' })));
            ws.on('message', (data) => {
              if ((JSON.parse(String(data)) as ServerMessage).type === 'state') ws.close();
            });
            ws.on('close', () => done());
          }),
      ),
    );
  }
};
await warmUp();

const startRss = rssMb();
const started = performance.now();
const loops = Array.from({ length: ROOMS }, () => loop());
await new Promise((r) => setTimeout(r, SECONDS * 1000));
running = false;
const elapsed = (performance.now() - started) / 1000;
await Promise.race([Promise.all(loops), new Promise((r) => setTimeout(r, 20_000))]);
const endRss = rssMb();
for (const { child } of servers) child.kill('SIGTERM');
rmSync(dir, { recursive: true, force: true });

const sorted = [...tally.latencies].sort((a, b) => a - b);
const result = {
  store: /^postgres/.test(DB) ? 'postgresql' : 'sqlite',
  processes: PROCESSES,
  game: GAME,
  rooms: ROOMS,
  seats: SEATS,
  seconds: Number(elapsed.toFixed(1)),
  movesAcknowledged: tally.latencies.length,
  movesPerSecond: Number((tally.latencies.length / elapsed).toFixed(1)),
  latencyMs: { p50: Number(quantile(sorted, 0.5).toFixed(1)), p99: Number(quantile(sorted, 0.99).toFixed(1)) },
  errors: Object.fromEntries(tally.errors),
  lost: tally.lost,
  duplicated: tally.duplicated,
  roomsMade: tally.rooms,
  gamesFinished: tally.games,
  serverRssMb: { start: Number(startRss.toFixed(1)), end: Number(endRss.toFixed(1)) },
};
if (json) console.log(JSON.stringify(result));
else {
  console.log(
    `houserules serve under load: ${ROOMS} rooms × ${SEATS} seats of ${GAME}, ${result.seconds} s, ${PROCESSES} process(es) on ${result.store}, ${WORKERS} engine workers each`,
  );
  console.log(`  moves acknowledged   ${result.movesAcknowledged} (${result.movesPerSecond}/s)`);
  console.log(`  move → last broadcast p50 ${result.latencyMs.p50} ms, p99 ${result.latencyMs.p99} ms`);
  console.log(`  errors ${JSON.stringify(result.errors)}, lost ${result.lost}, duplicated ${result.duplicated}`);
  console.log(`  rooms made ${result.roomsMade}, games finished ${result.gamesFinished}`);
  console.log(`  server memory ${result.serverRssMb.start} MB at the start, ${result.serverRssMb.end} MB at the end`);
}
process.exit(0);
