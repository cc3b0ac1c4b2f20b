/**
 * Several server processes on one PostgreSQL (`serve --db postgres://…`), clients of one room on
 * both: a move made on one reaches the sockets of the other; two moves on the same state, one to
 * each process, are judged once — exactly one is accepted and the other refused `stale`; a process
 * killed with SIGKILL while its clients play loses nothing acknowledged, and its clients resume on
 * the other process from their last seq. Each seat still sees only its own hand.
 *
 * Needs a PostgreSQL server: `HOUSERULES_TEST_PG` is an address whose user may create databases
 * (`.ci/run` installs Debian's PostgreSQL, starts it on loopback and sets it). Each run makes a
 * database of its own and drops it.
 */
import type { ChildProcess } from 'node:child_process';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Move, Piece } from '../../src/engine/types.ts';
import type { ServerMessage } from '../../src/server/protocol.ts';
import { connect, isType, post, type TestClient } from './client.ts';
import { startServe, type Child } from './spawnServe.ts';

const ADMIN = process.env.HOUSERULES_TEST_PG;
const database = `houserules_test_${process.pid}_${Date.now()}`;
const children: ChildProcess[] = [];
let url = '';

type State = Extract<ServerMessage, { type: 'state' }>;

const admin = async <T>(work: (client: pg.Client) => Promise<T>): Promise<T> => {
  const client = new pg.Client({ connectionString: ADMIN });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
};

beforeAll(async () => {
  if (!ADMIN) return;
  await admin((c) => c.query(`CREATE DATABASE ${database}`));
  const address = new URL(ADMIN);
  address.pathname = `/${database}`;
  url = address.toString();
}, 60_000);

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  if (ADMIN) await admin((c) => c.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`));
}, 60_000);

const start = async (): Promise<Child> => {
  const started = await startServe(url);
  children.push(started.child);
  return started;
};

const hello = async (base: string, room: string, token: string, seq?: number): Promise<{ client: TestClient; state: State }> => {
  const client = await connect(base, room);
  client.send({ type: 'hello', token, ...(seq !== undefined ? { seq } : {}) });
  return { client, state: await client.next(isType('state'), 30_000) };
};

const handOf = (state: State, seat: number): readonly Piece[] =>
  state.view.zones.find((z) => z.name === 'hand' && z.ownerIndex === seat)?.pieces ?? [];

describe.skipIf(!ADMIN)('two server processes on one PostgreSQL', () => {
  it('a room on both: moves cross between them, one of two moves on the same state is accepted, hands stay hidden', async () => {
    const [a, b] = await Promise.all([start(), start()]);
    const made = await post(a.url, '/api/rooms', { game: 'regicide', players: 2 });
    expect(made.status).toBe(201);
    const room = made.body.room as string;
    const [t0, t1] = (made.body.seats as { token: string }[]).map((s) => s.token) as [string, string];
    const onA = await hello(a.url, room, t0);
    const onB = await hello(b.url, room, t0);
    const other = await hello(b.url, room, t1);
    expect(handOf(other.state, 1).every((p) => p.hidden !== true)).toBe(true);
    expect(handOf(other.state, 0).every((p) => p.hidden === true)).toBe(true);
    const move = onA.state.legal[0] as Move;
    // The same seat on two processes, the same state: both send at once.
    onA.client.send({ type: 'move', seq: 0, move });
    onB.client.send({ type: 'move', seq: 0, move });
    const outcomes = await Promise.all(
      [onA.client, onB.client].map((c) =>
        c.next(
          (m): m is Extract<ServerMessage, { type: 'error' | 'state' }> => m.type === 'error' || (m.type === 'state' && m.seq === 1),
          30_000,
        ),
      ),
    );
    const refused = outcomes.filter((m) => m.type === 'error');
    expect(refused.map((m) => m.type === 'error' && m.code)).toEqual(['stale']);
    // Everybody, on either process, ends on event 1, made once.
    const seen = await other.client.next((m): m is State => m.type === 'state' && m.seq === 1, 30_000);
    expect(seen.events.filter((e) => e.kind === 'move')).toHaveLength(1);
    const fresh = await hello(a.url, room, t1);
    expect(fresh.state.seq).toBe(1);
    expect(fresh.state.events.map((e) => e.seq)).toEqual([0, 1]);
    for (const c of [onA.client, onB.client, other.client, fresh.client]) c.close();
    a.child.kill('SIGTERM');
    b.child.kill('SIGTERM');
  }, 120_000);

  it('one process killed with SIGKILL mid-game: its clients resume on the other with every acknowledged move', async () => {
    const [a, b] = await Promise.all([start(), start()]);
    const made = await post(b.url, '/api/rooms', { game: 'ten-thousand', players: 2 });
    const room = made.body.room as string;
    const tokens = (made.body.seats as { token: string }[]).map((s) => s.token);
    // Seat 0 plays through A, seat 1 through B.
    const seats = [await hello(a.url, room, tokens[0] as string), await hello(b.url, room, tokens[1] as string)];
    const latest = seats.map((s) => s.state);
    let acknowledged = 0;
    for (let n = 0; n < 10; n++) {
      const mover = latest.findIndex((s) => s.legal.length > 0);
      const state = latest[mover] as State;
      seats[mover]?.client.send({ type: 'move', seq: state.seq, move: state.legal[0] });
      const frames = await Promise.all(
        seats.map((s) => s.client.next((m): m is State => m.type === 'state' && m.seq === state.seq + 1, 30_000)),
      );
      frames.forEach((f, i) => (latest[i] = f));
      acknowledged = state.seq + 1;
    }
    a.child.kill('SIGKILL');
    await seats[0]?.client.closed();
    // A's client comes back through B (as a load balancer would send it) with its last seq.
    const back = await hello(b.url, room, tokens[0] as string, latest[0]?.seq);
    expect(back.state.seq).toBe(acknowledged);
    expect(back.state.events).toEqual([]);
    expect(JSON.stringify(back.state.view)).toBe(JSON.stringify(latest[0]?.view));
    const everything = await hello(b.url, room, tokens[1] as string);
    expect(everything.state.events.filter((e) => e.kind === 'move').map((e) => e.seq)).toEqual(
      Array.from({ length: acknowledged }, (_, i) => i + 1),
    );
    // Play goes on through B for both seats.
    const mover = [back.state, seats[1]?.state].findIndex((s) => (s?.legal.length ?? 0) > 0);
    const moving = mover === 0 ? back : (seats[1] as { client: TestClient; state: State });
    const now = mover === 0 ? back.state : latest[1];
    moving.client.send({ type: 'move', seq: now?.seq, move: now?.legal[0] });
    expect((await moving.client.next((m): m is State => m.type === 'state' && m.seq === acknowledged + 1, 30_000)).seq).toBe(
      acknowledged + 1,
    );
    for (const c of [back.client, everything.client, seats[1]?.client]) c?.close();
    b.child.kill('SIGTERM');
  }, 120_000);
});
