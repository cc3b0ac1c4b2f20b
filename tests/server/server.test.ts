/**
 * The game server over loopback, as any client sees it (docs/PROTOCOL.md): rooms, seats and
 * tokens, server-authoritative moves, each seat its own view, stale and foreign moves refused with
 * their codes, resume after a drop, the host's undo, bots in seats, and a socket kept within its
 * limits. Every test talks to a real `serve` with its own SQLite file.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shippedFiles } from '../../src/cli/catalog.ts';
import { LIMITS } from '../../src/limits.ts';
import { serve, type RunningServer } from '../../src/server/serve.ts';
import type { ServerMessage } from '../../src/server/protocol.ts';
import type { Move, Piece } from '../../src/engine/types.ts';
import { mutate } from '../security/fuzzing.ts';
import { source } from '../helpers/games.ts';
import { connect, isType, post, type TestClient } from './client.ts';

let server: RunningServer;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'houserules-server-'));
  server = await serve({
    port: 0,
    host: '127.0.0.1',
    store: join(dir, 'rooms.db'),
    site: null,
    botDelayMs: 0,
    botTimeMs: 50,
    idleMs: 200,
    games: { list: () => [], files: (id) => shippedFiles(id) },
  });
}, 60_000);

afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

interface Made {
  room: string;
  host: string;
  seats: { seat: number; bot: string | null; token?: string; invite?: string; path?: string }[];
}

const makeRoom = async (body: unknown): Promise<Made> => {
  const made = await post(server.url, '/api/rooms', body);
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body as unknown as Made;
};

const seated = async (
  room: string,
  token?: string,
  extra: Record<string, unknown> = {},
): Promise<{ client: TestClient; state: Extract<ServerMessage, { type: 'state' }> }> => {
  const client = await connect(server.url, room);
  client.send({ type: 'hello', ...(token ? { token } : {}), ...extra });
  await client.next(isType('welcome'));
  return { client, state: await client.next(isType('state')) };
};

const handOf = (state: Extract<ServerMessage, { type: 'state' }>, seat: number): readonly Piece[] =>
  state.view.zones.find((z) => z.name === 'hand' && z.ownerIndex === seat)?.pieces ?? [];

const error =
  (code: string) =>
  (m: ServerMessage): m is Extract<ServerMessage, { type: 'error' }> =>
    m.type === 'error' && m.code === code;

describe('rooms and seats', () => {
  it('a room of a shipped game: each seat sees its own hand only, a move made by one reaches the other', async () => {
    const made = await makeRoom({ game: 'regicide', players: 2 });
    expect(made.room).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const [one, two] = await Promise.all([seated(made.room, made.seats[0]?.token), seated(made.room, made.seats[1]?.token)]);
    expect(handOf(one.state, 0).every((p) => p.hidden !== true)).toBe(true);
    expect(handOf(one.state, 1).every((p) => p.hidden === true)).toBe(true);
    expect(handOf(two.state, 1).every((p) => p.hidden !== true)).toBe(true);
    expect(handOf(two.state, 0).every((p) => p.hidden === true)).toBe(true);
    expect(one.state.legal.length).toBeGreaterThan(0);
    expect(two.state.legal).toEqual([]);
    const move = one.state.legal[0] as Move;
    one.client.send({ type: 'move', seq: one.state.seq, move: { move: move.move, args: move.args } });
    const seen = await two.client.next(isType('state'));
    expect(seen.seq).toBe(one.state.seq + 1);
    expect(seen.events).toHaveLength(1);
    expect(seen.events[0]).toMatchObject({ seq: 1, kind: 'move', move: { move: move.move, seat: 0 } });
    expect((await one.client.next(isType('state'))).seq).toBe(1);
    one.client.close();
    two.client.close();
  });

  it("never sends the seed, the PRNG or another seat's cards: no frame holds them", async () => {
    const made = await makeRoom({ game: 'regicide', players: 2 });
    const one = await seated(made.room, made.seats[0]?.token);
    const text = JSON.stringify(one.client.received);
    expect(text).not.toContain('"rng"');
    expect(text).not.toContain('"rigged"');
    for (const p of handOf(one.state, 1)) expect(p.id).toMatch(/^hand#\d+$/);
    one.client.close();
  });

  it('a token of seat 1 cannot move for seat 2, a spectator cannot move, a wrong token is refused', async () => {
    const made = await makeRoom({ game: 'regicide', players: 2 });
    const two = await seated(made.room, made.seats[1]?.token);
    two.client.send({ type: 'move', seq: 0, move: { move: 'yield', seat: 0 } });
    expect((await two.client.next(isType('error'))).code).toBe('not-your-seat');
    two.client.send({ type: 'move', seq: 0, move: { move: 'yield' } });
    expect((await two.client.next(isType('error'))).code).toBe('illegal');
    const watcher = await seated(made.room);
    expect(watcher.state.legal).toEqual([]);
    watcher.client.send({ type: 'move', seq: 0, move: { move: 'yield' } });
    expect((await watcher.client.next(isType('error'))).code).toBe('not-seated');
    const intruder = await connect(server.url, made.room);
    intruder.send({ type: 'hello', token: 'AAAAAAAAAAAAAAAAAAAAAA' });
    expect((await intruder.next(isType('error'))).code).toBe('bad-token');
    expect((await intruder.closed()).code).toBe(1008);
    two.client.close();
    watcher.client.close();
  });

  it("a move the rules fail on is refused as rules-failed, with the spec's own code and place; the room stays as it was", async () => {
    const text = [
      'id: fragile',
      'title: Fragile',
      'description: its move reads past the end of a list',
      'players: { min: 1, max: 2 }',
      'vars:',
      '  game:',
      '    n: { type: number, initial: 0 }',
      'moves:',
      '  go:',
      "    effects: [{ set: { game.n: '[1, 2][game.n + 5]' } }]",
      'flow:',
      '  initial: a',
      '  states:',
      '    a:',
      '      on: { go: a }',
      '',
    ].join('\n');
    const made = await makeRoom({ files: { 'game.yaml': text }, players: 1 });
    const one = await seated(made.room, made.seats[0]?.token);
    one.client.send({ type: 'move', seq: one.state.seq, move: { move: 'go' } });
    const refused = await one.client.next(isType('error'));
    expect(refused).toMatchObject({
      code: 'rules-failed',
      problem: { code: 'runtime-error', at: { file: 'game.yaml', line: 10, column: expect.any(Number) } },
    });
    expect(refused.message).toMatch(/^game\.yaml:10:\d+: runtime error: /);
    one.client.send({ type: 'move', seq: one.state.seq, move: { move: 'go' } });
    expect((await one.client.next(isType('error'))).code).toBe('rules-failed');
    one.client.close();
  });

  it('a guessed room id finds nothing, on the socket and in the API', async () => {
    const guess = 'x'.repeat(22);
    const client = await connect(server.url, guess);
    client.send({ type: 'hello' });
    expect((await client.next(isType('error'))).code).toBe('no-room');
    expect((await fetch(`${server.url}/api/rooms/${guess}`)).status).toBe(404);
    expect((await post(server.url, `/api/rooms/${guess}/claim`, { invite: 'abc' })).status).toBe(404);
  });

  it('a move on a stale state is refused with its code, never dropped silently', async () => {
    const made = await makeRoom({ game: 'ten-thousand', players: 2 });
    const one = await seated(made.room, made.seats[0]?.token);
    const roll = one.state.legal[0] as Move;
    one.client.send({ type: 'move', seq: 0, move: roll });
    await one.client.next(isType('state'));
    one.client.send({ type: 'move', seq: 0, move: roll });
    const refused = await one.client.next(isType('error'));
    expect(refused.code).toBe('stale');
    expect(refused.message).toMatch(/state 0.*state 1/);
    one.client.close();
  });

  it('an invite is claimed once: a token for its seat, then invite-used', async () => {
    const made = await makeRoom({ game: 'regicide', players: 3 });
    const invite = made.seats[2]?.invite as string;
    expect(made.seats[2]?.path).toBe(`/#/room/${made.room}?invite=${invite}`);
    const claimed = await post(server.url, `/api/rooms/${made.room}/claim`, { invite });
    expect(claimed).toMatchObject({ status: 200, body: { seat: 2 } });
    const again = await post(server.url, `/api/rooms/${made.room}/claim`, { invite });
    expect(again).toMatchObject({ status: 409, body: { code: 'invite-used' } });
    const three = await seated(made.room, claimed.body.token as string);
    expect(three.client.received.find(isType('welcome'))).toMatchObject({ seat: 2, host: false });
    expect(handOf(three.state, 2).every((p) => p.hidden !== true)).toBe(true);
    three.client.close();
  });

  it('a client that drops resumes from its last seq and misses nothing; two sockets of a seat both follow', async () => {
    const made = await makeRoom({ game: 'ten-thousand', players: 2 });
    const first = await seated(made.room, made.seats[0]?.token);
    const tab2 = await seated(made.room, made.seats[0]?.token);
    const other = await seated(made.room, made.seats[1]?.token);
    first.client.send({ type: 'move', seq: 0, move: first.state.legal[0] });
    const after1 = await first.client.next(isType('state'));
    expect((await tab2.client.next(isType('state'))).seq).toBe(1);
    first.client.close();
    await first.client.closed();
    // Moves go on while it is away: whoever can move, moves.
    let seq = after1.seq;
    for (let i = 0; i < 3; i++) {
      const latest = [tab2.client.state(), other.client.state()].find((s) => s && s.seq === seq && s.legal.length > 0);
      if (!latest) break;
      const mover = latest === tab2.client.state() ? tab2.client : other.client;
      mover.send({ type: 'move', seq, move: latest.legal[0] });
      // The frame answering this move, not an older one still queued for this socket.
      const after = seq;
      seq = (await mover.next((m): m is Extract<ServerMessage, { type: 'state' }> => m.type === 'state' && m.seq > after)).seq;
    }
    expect(seq).toBeGreaterThan(1);
    const back = await seated(made.room, made.seats[0]?.token, { seq: 1 });
    expect(back.state.seq).toBe(seq);
    expect(back.state.events.map((e) => e.seq)).toEqual(Array.from({ length: seq - 1 }, (_, i) => i + 2));
    for (const c of [back.client, tab2.client, other.client]) c.close();
  });

  it('the host takes back the last move, which everybody sees in the log; nobody else can', async () => {
    const made = await makeRoom({ game: 'ten-thousand', players: 2 });
    const one = await seated(made.room, made.seats[0]?.token, { host: made.host });
    expect(one.client.received.find(isType('welcome'))).toMatchObject({ seat: 0, host: true });
    const two = await seated(made.room, made.seats[1]?.token);
    two.client.send({ type: 'undo', seq: 0 });
    expect((await two.client.next(isType('error'))).code).toBe('not-host');
    one.client.send({ type: 'undo', seq: 0 });
    expect((await one.client.next(isType('error'))).code).toBe('nothing-to-undo');
    one.client.send({ type: 'move', seq: 0, move: one.state.legal[0] });
    await one.client.next(isType('state'));
    one.client.send({ type: 'undo', seq: 1 });
    const undone = await two.client.next((m): m is Extract<ServerMessage, { type: 'state' }> => m.type === 'state' && m.seq === 2);
    expect(undone.events[0]).toMatchObject({ seq: 2, kind: 'undo', lines: ['The host took back move 1 (Player 1)'] });
    expect(JSON.stringify(undone.view.zones)).toBe(JSON.stringify(one.state.view.zones));
    one.client.close();
    two.client.close();
  });

  it('bots in seats play on the server until a person is to move', async () => {
    const made = await makeRoom({ game: 'ten-thousand', players: 3, bots: [null, 'random', 'greedy'] });
    expect(made.seats.map((s) => s.bot)).toEqual([null, 'random', 'greedy']);
    expect(made.seats[1]).not.toHaveProperty('token');
    const one = await seated(made.room, made.seats[0]?.token);
    let state = one.state;
    // Play the person's turns (rolling, then banking or whatever comes first) until both bots have moved.
    const movers = new Set<number>();
    for (let i = 0; i < 60 && movers.size < 2; i++) {
      if (state.legal.length > 0) one.client.send({ type: 'move', seq: state.seq, move: state.legal[state.legal.length - 1] });
      state = await one.client.next(isType('state'));
      for (const e of state.events) if (e.kind === 'move' && e.move.seat > 0) movers.add(e.move.seat);
    }
    expect([...movers].sort()).toEqual([1, 2]);
    one.client.close();
  });

  it('a room keeps its rules: edited text plays as sent, and a bad spec is refused with its location', async () => {
    const files = { 'game.yaml': source('ten-thousand').text.replace(/target:\s*\n(\s+)default: 10000/, 'target:\n$1default: 500') };
    const made = await post(server.url, '/api/rooms', { files, players: 2 });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const info = (await (await fetch(`${server.url}/api/rooms/${made.body.room as string}`)).json()) as { files: Record<string, string> };
    expect(info.files['game.yaml']).toBe(files['game.yaml']);
    const broken = await post(server.url, '/api/rooms', { files: { 'game.yaml': 'id: x\ntitle: [' } });
    expect(broken.status).toBe(422);
    expect(broken.body).toMatchObject({ code: 'bad-rules' });
    expect(String(broken.body.message)).toMatch(/game\.yaml:\d+:\d+/);
    for (const [body, code] of [
      [{}, 'bad-request'],
      [{ game: 'no-such-game' }, 'bad-request'],
      [{ game: 'regicide', variants: ['no-such'] }, 'bad-rules'],
      [{ game: 'regicide', players: 9 }, 'bad-rules'],
      [{ game: 'regicide', bots: [null, 'cheater'] }, 'bad-rules'],
      [{ files: { '../etc/passwd': 'x', 'game.yaml': '' } }, 'bad-request'],
      ['not json', 'bad-json'],
    ] as const) {
      const refused = await post(server.url, '/api/rooms', body);
      expect(refused.body.code, JSON.stringify(body)).toBe(code);
      expect(refused.status).toBeGreaterThanOrEqual(400);
    }
  });
});

describe('a socket within its limits', () => {
  it('malformed and oversized messages get error frames with their codes; the socket stays open', async () => {
    const made = await makeRoom({ game: 'ten-thousand', players: 2 });
    const client = await connect(server.url, made.room);
    client.send({ type: 'move', seq: 0, move: { move: 'roll' } });
    expect((await client.next(isType('error'))).code).toBe('hello-first');
    client.sendRaw('{not json');
    expect((await client.next(isType('error'))).code).toBe('bad-json');
    client.send({ type: 'hello', token: 42 });
    expect((await client.next(isType('error'))).code).toBe('bad-token');
    client.send({ type: 'shout' });
    expect((await client.next(isType('error'))).code).toBe('bad-message');
    client.sendRaw(JSON.stringify({ type: 'ping', pad: 'x'.repeat(LIMITS.messageBytes) }));
    expect((await client.next(isType('error'))).code).toBe('too-large');
    client.send({ type: 'ping' });
    await client.next(isType('pong'));
    client.close();
  });

  it('a flood is cut off: rate-limited frames, then the socket is closed', async () => {
    const made = await makeRoom({ game: 'ten-thousand', players: 2 });
    const client = await connect(server.url, made.room);
    client.send({ type: 'hello' });
    await client.next(isType('state'));
    for (let i = 0; i < 200; i++) client.send({ type: 'ping' });
    expect((await client.next(error('rate-limited'))).message).toMatch(/messages a second/);
    expect((await client.closed()).code).toBe(1008);
    // The room goes on for everybody else.
    const other = await seated(made.room, made.seats[0]?.token);
    expect(other.state.legal.length).toBeGreaterThan(0);
    other.client.close();
  });

  it("hostile specs (the fuzzer's) are refused or bounded while a second room plays on", async () => {
    const made = await makeRoom({ game: 'ten-thousand', players: 2 });
    const one = await seated(made.room, made.seats[0]?.token);
    const base = source('regicide').text;
    const hostile = fc.sample(
      fc.array(
        fc.record({ op: fc.constant('text' as const), at: fc.nat(), insert: fc.string({ maxLength: 6 }), remove: fc.nat({ max: 8 }) }),
        { minLength: 1, maxLength: 4 },
      ),
      { numRuns: 12, seed: 7 },
    );
    const creations = hostile.map((mutations) =>
      post(server.url, '/api/rooms', { files: { 'game.yaml': mutate(base, mutations) }, players: 2 }),
    );
    let state = one.state;
    for (let i = 0; i < 6 && state.legal.length > 0; i++) {
      one.client.send({ type: 'move', seq: state.seq, move: state.legal[0] });
      state = await one.client.next(isType('state'), 15_000);
    }
    expect(state.seq).toBeGreaterThan(0);
    for (const result of await Promise.all(creations)) {
      expect([201, 422, 503], JSON.stringify(result.body)).toContain(result.status);
      if (result.status !== 201) expect(['bad-rules', 'rules-timeout']).toContain(result.body.code);
    }
    one.client.close();
  }, 60_000);
});
