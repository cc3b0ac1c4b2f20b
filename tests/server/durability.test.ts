/**
 * Durability: a server killed with SIGKILL in the middle of play (a child process, a move in
 * flight) restarts from its SQLite file, and its clients resume with every acknowledged move and
 * none applied twice.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { RoomEvent, ServerMessage } from '../../src/server/protocol.ts';
import { connect, isType, post, type TestClient } from './client.ts';
import { startServe, type Child } from './spawnServe.ts';

const dir = mkdtempSync(join(tmpdir(), 'houserules-kill-'));
const db = join(dir, 'rooms.db');
const children: ChildProcess[] = [];

afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

const start = async (): Promise<Child> => {
  const started = await startServe(db);
  children.push(started.child);
  return started;
};

type State = Extract<ServerMessage, { type: 'state' }>;

const hello = async (url: string, room: string, token: string, seq?: number): Promise<{ client: TestClient; state: State }> => {
  const client = await connect(url, room);
  client.send({ type: 'hello', token, ...(seq !== undefined ? { seq } : {}) });
  return { client, state: await client.next(isType('state'), 30_000) };
};

describe('kill -9 mid-game', () => {
  it('restarts from its file: every acknowledged move is there, none twice, and the clients resume', async () => {
    let server = await start();
    const made = await post(server.url, '/api/rooms', { game: 'ten-thousand', players: 2 });
    expect(made.status).toBe(201);
    const room = made.body.room as string;
    const tokens = (made.body.seats as { token: string }[]).map((s) => s.token);
    const seats = await Promise.all(tokens.map((t) => hello(server.url, room, t)));
    const acknowledged: RoomEvent[] = [];
    const latest = seats.map((s) => s.state);
    let inFlight: RoomEvent | null = null;
    // Play until 12 moves are acknowledged, then send one more and kill the server at once.
    for (let n = 0; n <= 12; n++) {
      const mover = latest.findIndex((s) => s.legal.length > 0 && !s.over);
      if (mover < 0) break;
      const state = latest[mover] as State;
      const move = state.legal[n % state.legal.length];
      seats[mover]?.client.send({ type: 'move', seq: state.seq, move });
      if (n === 12) {
        inFlight = { seq: state.seq + 1, kind: 'move', move: move as never, lines: [] };
        server.child.kill('SIGKILL');
        break;
      }
      const frames = await Promise.all(seats.map((s) => s.client.next(isType('state'), 30_000)));
      frames.forEach((f, i) => (latest[i] = f));
      acknowledged.push(...(frames[0]?.events ?? []));
    }
    expect(inFlight, 'the game ended before the kill').not.toBeNull();
    expect(acknowledged.map((e) => e.seq)).toEqual(Array.from({ length: acknowledged.length }, (_, i) => i + 1));
    await Promise.all(seats.map((s) => s.client.closed()));

    server = await start();
    const lastSeen = latest[0]?.seq ?? 0;
    const back = await Promise.all(tokens.map((t, i) => hello(server.url, room, t, latest[i]?.seq)));
    const resumedAt = back[0]?.state.seq ?? -1;
    // The move in flight was stored before the kill or not at all: never half, never twice.
    expect([lastSeen, lastSeen + 1]).toContain(resumedAt);
    if (resumedAt === lastSeen + 1)
      expect(back[0]?.state.events[0]).toMatchObject({
        seq: lastSeen + 1,
        kind: 'move',
        move: inFlight?.kind === 'move' ? inFlight.move : {},
      });
    else expect(back[0]?.state.events).toEqual([]);
    // A fresh reader gets the whole history: the acknowledged moves, in order, once each.
    const fresh = await hello(server.url, room, tokens[0] as string);
    const moves = fresh.state.events.filter((e) => e.kind === 'move');
    expect(moves.map((e) => e.seq)).toEqual(Array.from({ length: resumedAt }, (_, i) => i + 1));
    expect(moves.slice(0, acknowledged.length).map((e) => e.kind === 'move' && e.move)).toEqual(
      acknowledged.map((e) => e.kind === 'move' && e.move),
    );
    // Where nothing was lost the board is the one acknowledged last; play goes on from it.
    if (resumedAt === lastSeen) expect(JSON.stringify(back[0]?.state.view)).toBe(JSON.stringify(latest[0]?.view));
    const mover = back.findIndex((b) => b.state.legal.length > 0);
    if (mover >= 0) {
      const b = back[mover] as { client: TestClient; state: State };
      b.client.send({ type: 'move', seq: b.state.seq, move: b.state.legal[0] });
      expect((await b.client.next(isType('state'), 30_000)).seq).toBe(resumedAt + 1);
    }
    for (const b of [...back, fresh]) b.client.close();
    server.child.kill('SIGTERM');
  }, 120_000);
});
