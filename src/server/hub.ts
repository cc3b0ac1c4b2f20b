/**
 * The rooms of one server process: who is connected to which seat, the order of each room's
 * events, and what everybody is sent. One event of a room at a time (a queue per room): it is
 * judged by the engine, written to the store with the sequence number it expects, and only then
 * sent out, each reader its own frame. Bots in seats play from the server, from their seat's view.
 */
import { LIMITS } from '../limits.ts';
import type { EnginePool } from './enginePool.ts';
import { readerIndex, type EngineReply, type NewEvent, type Update } from './engineProtocol.ts';
import type { RunProblem } from '../errors.ts';
import type { ClientMessage, ErrorCode, MoveRequest, RoomEvent, SeatInfo, ServerMessage } from './protocol.ts';
import { readRoomRequest } from './rules.ts';
import { hashSecret, matchSecret, newSecret } from './secrets.ts';
import type { RoomRecord, RoomStore, SecretRecord } from './store.ts';

/** One socket, as the hub sees it. */
export interface Connection {
  send(message: ServerMessage): void;
  close(code: number, reason: string): void;
  /** Set by a hello: the room, the seat (null: a spectator) and whether it holds the host's token. */
  bound?: { readonly room: string; readonly seat: number | null; readonly host: boolean };
}

export interface HubOptions {
  readonly store: RoomStore;
  readonly pool: EnginePool;
  /** A shipped game's files by id, or undefined. */
  readonly shipped: (id: string) => Record<string, string> | undefined;
  /** The pause before a bot moves, so that people can follow (0 in tests). */
  readonly botDelayMs: number;
  /** How long a search bot thinks about one move. */
  readonly botTimeMs: number;
  /** How long a room stays loaded with nobody connected. */
  readonly idleMs: number;
}

/** An answer to an HTTP request: a status and a JSON body. */
export interface Reply {
  readonly status: number;
  readonly body: unknown;
}

interface LiveRoom {
  readonly record: RoomRecord;
  seq: number;
  /** The game worker that holds it, or null until it is loaded (again). */
  worker: number | null;
  latest: Update | null;
  readonly connections: Set<Connection>;
  /** Seats whose invite was claimed. */
  readonly claimed: Set<number>;
  queue: Promise<void>;
  botTimer: NodeJS.Timeout | null;
  idleTimer: NodeJS.Timeout | null;
  /** Why the bots stopped, if they did: not tried again until an event. */
  botTrouble: boolean;
}

/** How long a finished room that everybody left stays loaded. */
const FINISHED_IDLE_MS = 5_000;

const errorBody = (code: ErrorCode, message: string) => ({ code, message });
const failed = (reply: EngineReply): reply is Extract<EngineReply, { ok: false }> => !reply.ok;

export const createHub = (options: HubOptions) => {
  const { store, pool } = options;
  const live = new Map<string, LiveRoom>();
  /** Sockets that closed: a hello still in a room's queue does not join them. */
  const left = new WeakSet<Connection>();
  const loads = new Array<number>(pool.size).fill(0);

  const enqueue = (room: LiveRoom, job: () => Promise<void>): Promise<void> => {
    const next = room.queue.then(job, job);
    // A job that throws is a fault of the server's own: said in its log, and the room goes on.
    room.queue = next.catch((error: unknown) =>
      console.error(
        `houserules serve: room ${room.record.id.slice(0, 6)}…: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      ),
    );
    return next;
  };

  const seatsOf = (room: LiveRoom): SeatInfo[] =>
    room.record.rules.bots.map((bot, seat) => ({
      seat,
      bot,
      claimed: room.claimed.has(seat),
      connected: [...room.connections].filter((c) => c.bound?.seat === seat).length,
    }));

  const sendError = (connection: Connection, code: ErrorCode, message: string, problem?: RunProblem): void =>
    connection.send(problem ? { type: 'error', code, message, problem } : { type: 'error', code, message });

  /** The last event each socket has been sent: where it resumes after the room is loaded again. */
  const sentSeq = new WeakMap<Connection, number>();

  const stateFor = (room: LiveRoom, connection: Connection, update: Update, events: readonly RoomEvent[]): ServerMessage => {
    const frame = update.frames[readerIndex(connection.bound?.seat ?? null, room.record.rules.players)];
    if (!frame) throw new Error('no frame for a reader of the room');
    sentSeq.set(connection, update.seq);
    return { type: 'state', seq: update.seq, view: frame.view, legal: frame.legal, events, over: frame.over };
  };

  const broadcast = (room: LiveRoom, update: Update): void => {
    for (const connection of room.connections) {
      const event = update.events?.[readerIndex(connection.bound?.seat ?? null, room.record.rules.players)];
      connection.send(stateFor(room, connection, update, event ? [event] : []));
    }
  };

  const announceSeats = (room: LiveRoom): void => {
    const seats = seatsOf(room);
    for (const connection of room.connections) connection.send({ type: 'seats', seats });
  };

  /** Loads the room into a game worker from its stored events, if it is not there. */
  const ensureLoaded = async (room: LiveRoom): Promise<EngineReply | null> => {
    if (room.worker !== null && room.latest) return null;
    const worker = loads.indexOf(Math.min(...loads));
    const events = await store.events(room.record.id);
    const reply = await pool.call(
      worker,
      { op: 'open', room: room.record.id, rules: room.record.rules, seed: room.record.seed, events },
      LIMITS.engineMs,
    );
    if (failed(reply)) return reply;
    if (reply.kind !== 'update') return { ok: false, code: 'server-error', message: 'the engine answered a load with something else' };
    room.worker = worker;
    loads[worker] = (loads[worker] ?? 0) + 1;
    room.latest = reply.update;
    room.seq = reply.update.seq;
    return null;
  };

  const unload = (room: LiveRoom): void => {
    if (room.worker !== null) {
      loads[room.worker] = Math.max(0, (loads[room.worker] ?? 1) - 1);
      void pool.call(room.worker, { op: 'close', room: room.record.id }, LIMITS.engineMs);
    }
    room.worker = null;
    room.latest = null;
  };

  /** A worker was replaced: its rooms load again on their next event. */
  const lost = (index: number): void => {
    loads[index] = 0;
    for (const room of live.values())
      if (room.worker === index) {
        room.worker = null;
        room.latest = null;
      }
  };

  /**
   * One event, in the room's queue: judged by the engine, stored if the room is still where the
   * engine judged it, then sent out. The error, if any, goes to `by`.
   */
  const apply = async (room: LiveRoom, event: NewEvent, by: Connection | null): Promise<boolean> => {
    const loadFailure = await ensureLoaded(room);
    if (loadFailure && failed(loadFailure)) {
      if (by) sendError(by, loadFailure.code, loadFailure.message);
      return false;
    }
    const worker = room.worker as number;
    const reply = await pool.call(worker, { op: 'apply', room: room.record.id, seq: room.seq, event }, LIMITS.engineMs);
    if (failed(reply)) {
      if (by) sendError(by, reply.code, reply.message, reply.problem);
      return false;
    }
    if (reply.kind !== 'update') return false;
    let stored: boolean;
    try {
      stored = await store.append(
        room.record.id,
        room.seq,
        event.kind === 'move' ? { seq: room.seq + 1, kind: 'move', move: event.move } : { seq: room.seq + 1, kind: 'undo' },
      );
    } catch (error) {
      // Not stored, so not made: the worker, which made it, loads the room again from the store.
      unload(room);
      if (by) sendError(by, 'server-error', `the move could not be stored: ${error instanceof Error ? error.message : String(error)}`);
      return false;
    }
    if (!stored) {
      // Another process came first: this worker made an event that was not stored. Load the room
      // again from the store and bring every socket up to it.
      unload(room);
      if (by) sendError(by, 'stale', 'another move came first; here is the game as it is now');
      await resync(room);
      return false;
    }
    room.seq = reply.update.seq;
    room.latest = reply.update;
    room.botTrouble = false;
    broadcast(room, reply.update);
    scheduleBots(room);
    return true;
  };

  /** Loads the room from the store and sends every socket what it missed since it was last sent. */
  const resync = async (room: LiveRoom): Promise<void> => {
    const failure = await ensureLoaded(room);
    if (failure || room.worker === null || !room.latest) return;
    for (const connection of room.connections) {
      const reader = connection.bound?.seat ?? null;
      const reply = await pool.call(
        room.worker,
        { op: 'since', room: room.record.id, since: sentSeq.get(connection), reader },
        LIMITS.engineMs,
      );
      if (!failed(reply) && reply.kind === 'events' && room.latest) connection.send(stateFor(room, connection, room.latest, reply.events));
    }
    scheduleBots(room);
  };

  /**
   * Events another process appended to a room this one has loaded: applied here in order and sent
   * to this process's sockets; anything that does not fit loads the room again from the store.
   */
  const catchUp = async (room: LiveRoom): Promise<void> => {
    if (room.worker === null) return;
    for (const record of await store.events(room.record.id, room.seq)) {
      if (room.worker === null) return;
      const event: NewEvent = record.kind === 'move' ? { kind: 'move', move: record.move } : { kind: 'undo' };
      const reply = await pool.call(room.worker, { op: 'apply', room: room.record.id, seq: room.seq, event }, LIMITS.engineMs);
      if (failed(reply) || reply.kind !== 'update' || reply.update.seq !== record.seq) {
        unload(room);
        await resync(room);
        return;
      }
      room.seq = reply.update.seq;
      room.latest = reply.update;
      broadcast(room, reply.update);
    }
    scheduleBots(room);
  };

  /** The store says a room has `seq` events now (from any process). */
  const noticed = (id: string, seq: number): void => {
    const room = live.get(id);
    // A room still loading catches up after its load, in the queue: its load may predate the event.
    if (room && seq > room.seq) void enqueue(room, () => catchUp(room));
  };

  const botSeat = (room: LiveRoom): number => {
    const update = room.latest;
    if (!update || room.botTrouble) return -1;
    return room.record.rules.bots.findIndex(
      (bot, seat) => bot !== null && !(update.frames[seat]?.over ?? true) && (update.frames[seat]?.legal.length ?? 0) > 0,
    );
  };

  const scheduleBots = (room: LiveRoom): void => {
    if (room.botTimer !== null || botSeat(room) < 0) return;
    room.botTimer = setTimeout(() => {
      room.botTimer = null;
      void enqueue(room, async () => {
        const loadFailure = await ensureLoaded(room);
        const seat = botSeat(room);
        if (loadFailure || seat < 0 || room.worker === null) return;
        const bot = room.record.rules.bots[seat] as string;
        const reply = await pool.call(
          room.worker,
          { op: 'bot', room: room.record.id, seat, bot, timeMs: options.botTimeMs },
          LIMITS.engineMs + options.botTimeMs,
        );
        if (failed(reply) || reply.kind !== 'move') {
          room.botTrouble = true;
          const message = failed(reply) ? reply.message : 'no move';
          for (const c of room.connections)
            sendError(c, reply.ok ? 'server-error' : reply.code, `the ${bot} bot of Player ${seat + 1} failed: ${message}`);
          return;
        }
        if (!(await apply(room, { kind: 'move', move: reply.move }, null))) room.botTrouble = true;
      });
    }, options.botDelayMs);
  };

  /** Rooms being read from the store: two sockets of one room arriving together share one read. */
  const reading = new Map<string, Promise<LiveRoom | undefined>>();

  /** The room, from memory or the store; undefined for an id that names no room. */
  const roomById = (id: string): Promise<LiveRoom | undefined> => {
    const kept = live.get(id);
    if (kept) return Promise.resolve(kept);
    if (!/^[A-Za-z0-9_-]{22}$/.test(id)) return Promise.resolve(undefined);
    const pending = reading.get(id) ?? readRoomRecord(id).finally(() => reading.delete(id));
    reading.set(id, pending);
    return pending;
  };

  const readRoomRecord = async (id: string): Promise<LiveRoom | undefined> => {
    const record = await store.room(id);
    if (!record) return undefined;
    const secrets = await store.secrets(id);
    const room: LiveRoom = {
      record,
      seq: record.seq,
      worker: null,
      latest: null,
      connections: new Set(),
      claimed: new Set(secrets.filter((s) => s.kind === 'invite' && s.used && s.seat !== null).map((s) => s.seat as number)),
      queue: Promise.resolve(),
      botTimer: null,
      idleTimer: null,
      botTrouble: false,
    };
    live.set(id, room);
    return room;
  };

  const forget = (room: LiveRoom): void => {
    if (room.connections.size > 0) return;
    if (room.botTimer) clearTimeout(room.botTimer);
    room.botTimer = null;
    void enqueue(room, async () => {
      if (room.connections.size > 0) return;
      unload(room);
      live.delete(room.record.id);
    });
  };

  const hello = async (connection: Connection, message: Extract<ClientMessage, { type: 'hello' }>, roomId: string): Promise<void> => {
    const room = await roomById(roomId);
    if (!room) {
      sendError(connection, 'no-room', 'there is no such room');
      connection.close(1008, 'no such room');
      return;
    }
    const secrets = await store.secrets(room.record.id);
    const pick = (kind: SecretRecord['kind'], token: string): SecretRecord | undefined => {
      const candidates = secrets.filter((s) => s.kind === kind);
      return candidates[
        matchSecret(
          token,
          candidates.map((s) => s.hash),
        )
      ];
    };
    const seatSecret = message.token === undefined ? undefined : pick('seat', message.token);
    const hostSecret = message.host === undefined ? undefined : pick('host', message.host);
    if ((message.token !== undefined && !seatSecret) || (message.host !== undefined && !hostSecret)) {
      sendError(connection, 'bad-token', 'that token opens no seat of this room');
      connection.close(1008, 'bad token');
      return;
    }
    connection.bound = { room: room.record.id, seat: seatSecret?.seat ?? null, host: hostSecret !== undefined };
    if (room.idleTimer) clearTimeout(room.idleTimer);
    room.idleTimer = null;
    // Joined in the room's queue, so that the welcome comes before any event this socket is sent.
    await enqueue(room, async () => {
      if (left.has(connection)) return;
      const loadFailure = await ensureLoaded(room);
      if (loadFailure && failed(loadFailure)) {
        sendError(connection, loadFailure.code, loadFailure.message);
        return;
      }
      const bound = connection.bound;
      if (!bound || !room.latest || room.worker === null) return;
      const since = message.seq !== undefined && message.seq <= room.seq ? message.seq : undefined;
      const reply = await pool.call(room.worker, { op: 'since', room: room.record.id, since, reader: bound.seat }, LIMITS.engineMs);
      if (failed(reply) || reply.kind !== 'events' || !room.latest || left.has(connection)) {
        if (failed(reply)) sendError(connection, reply.code, reply.message);
        return;
      }
      room.connections.add(connection);
      connection.send({ type: 'welcome', room: room.record.id, seat: bound.seat, host: bound.host, seats: seatsOf(room) });
      connection.send(stateFor(room, connection, room.latest, reply.events));
      announceSeats(room);
      scheduleBots(room);
    });
  };

  const roomOf = (connection: Connection): LiveRoom | undefined => (connection.bound ? live.get(connection.bound.room) : undefined);

  const move = async (connection: Connection, message: { seq: number; move: MoveRequest }): Promise<void> => {
    const room = roomOf(connection);
    const seat = connection.bound?.seat ?? null;
    if (!room) return sendError(connection, 'hello-first', 'say hello first');
    if (seat === null) return sendError(connection, 'not-seated', 'a spectator cannot move');
    if (message.move.seat !== undefined && message.move.seat !== seat) {
      return sendError(
        connection,
        'not-your-seat',
        `this socket plays for seat ${seat} (Player ${seat + 1}), not seat ${message.move.seat}`,
      );
    }
    await enqueue(room, async () => {
      if (message.seq !== room.seq) {
        sendError(
          connection,
          'stale',
          `the move was made on state ${message.seq}, but the game is at state ${room.seq}: look again and move on the new state`,
        );
        return;
      }
      const { move: name, args } = message.move;
      await apply(room, { kind: 'move', move: { move: name, seat, ...(args ? { args } : {}) } }, connection);
    });
  };

  const undo = async (connection: Connection, message: { seq: number }): Promise<void> => {
    const room = roomOf(connection);
    if (!room) return sendError(connection, 'hello-first', 'say hello first');
    if (!connection.bound?.host) return sendError(connection, 'not-host', 'only the host can take a move back');
    await enqueue(room, async () => {
      if (message.seq !== room.seq)
        return sendError(connection, 'stale', `the undo was asked on state ${message.seq}, but the game is at state ${room.seq}`);
      await apply(room, { kind: 'undo' }, connection);
    });
  };

  const leave = (connection: Connection): void => {
    left.add(connection);
    const room = roomOf(connection);
    if (!room?.connections.delete(connection)) return;
    announceSeats(room);
    if (room.connections.size === 0 && room.idleTimer === null) {
      // A finished game that everybody left is let go of sooner: nobody comes back to play it.
      const over = room.latest?.frames.every((f) => f.over) ?? false;
      room.idleTimer = setTimeout(
        () => {
          room.idleTimer = null;
          forget(room);
        },
        over ? Math.min(options.idleMs, FINISHED_IDLE_MS) : options.idleMs,
      );
    }
  };

  const createRoom = async (body: unknown): Promise<Reply> => {
    const read = readRoomRequest(body, options.shipped);
    if (!read.ok) return { status: 400, body: errorBody(read.code, read.message) };
    const checked = await pool.check({ op: 'check', request: read.value }, LIMITS.compileMs);
    if (failed(checked))
      return {
        status: checked.code === 'bad-request' ? 400 : checked.code === 'bad-rules' ? 422 : 503,
        body: errorBody(checked.code, checked.message),
      };
    if (checked.kind !== 'rules') return { status: 500, body: errorBody('server-error', 'the check answered something else') };
    const rules = checked.rules;
    const id = newSecret();
    const host = newSecret();
    type Issued = { seat: number; bot: string | null; token?: string; invite?: string };
    const seats: Issued[] = rules.bots.map((bot, seat) =>
      bot === null ? { seat, bot, token: newSecret(), invite: newSecret() } : { seat, bot },
    );
    const secrets: SecretRecord[] = [{ kind: 'host', seat: null, hash: hashSecret(host), used: false }];
    for (const { seat, token, invite } of seats) {
      if (token !== undefined) secrets.push({ kind: 'seat', seat, hash: hashSecret(token), used: false });
      if (invite !== undefined) secrets.push({ kind: 'invite', seat, hash: hashSecret(invite), used: false });
    }
    await store.createRoom({ id, rules, seed: newSecret(), seq: 0, created: Date.now() }, secrets);
    return {
      status: 201,
      body: {
        room: id,
        title: rules.title,
        players: rules.players,
        variants: rules.variants,
        host,
        seats: seats.map((s) => (s.invite !== undefined ? { ...s, path: `/#/room/${id}?invite=${s.invite}` } : s)),
        spectate: `/#/room/${id}`,
      },
    };
  };

  const roomInfo = async (id: string): Promise<Reply> => {
    const room = await roomById(id);
    if (!room) return { status: 404, body: errorBody('no-room', 'there is no such room') };
    const { title, files, variants, params, players } = room.record.rules;
    return { status: 200, body: { room: id, title, players, variants, params, files, seq: room.seq, seats: seatsOf(room) } };
  };

  const claim = async (id: string, body: unknown): Promise<Reply> => {
    const room = await roomById(id);
    if (!room) return { status: 404, body: errorBody('no-room', 'there is no such room') };
    const invite = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).invite : undefined;
    if (typeof invite !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(invite))
      return { status: 400, body: errorBody('bad-request', 'send {"invite": "<the code of the invite link>"}') };
    const invites = (await store.secrets(id)).filter((s) => s.kind === 'invite');
    const found =
      invites[
        matchSecret(
          invite,
          invites.map((s) => s.hash),
        )
      ];
    if (!found) return { status: 404, body: errorBody('bad-token', 'that invite is not one of this room') };
    const token = newSecret();
    const claimed = await store.claim(id, found.hash, hashSecret(token));
    if (claimed === 'used')
      return { status: 409, body: errorBody('invite-used', 'somebody has taken this seat already; ask the host for the room again') };
    if (claimed === 'unknown') return { status: 404, body: errorBody('bad-token', 'that invite is not one of this room') };
    room.claimed.add(claimed.seat);
    announceSeats(room);
    return { status: 200, body: { room: id, seat: claimed.seat, token } };
  };

  const close = async (): Promise<void> => {
    for (const room of live.values()) {
      if (room.botTimer) clearTimeout(room.botTimer);
      if (room.idleTimer) clearTimeout(room.idleTimer);
      room.botTimer = null;
      await room.queue;
    }
  };

  store.subscribe?.(noticed);
  return { createRoom, roomInfo, claim, hello, move, undo, leave, lost, close };
};

export type Hub = ReturnType<typeof createHub>;
