/**
 * An engine worker of the game server: checks new rooms' rules, keeps the games of the rooms given
 * to it, applies their events and chooses their bots' moves. Everything it sends back is built by
 * `frameOf` and `eventFor`, a reader's own view; a game state never leaves it.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createBot, seenBy, type Bot } from '../bots/index.ts';
import type { CompiledGame } from '../compile/index.ts';
import { legalMovesWithEvents } from '../engine/index.ts';
import { Rng, seedRng } from '../runtime/rng.ts';
import type { EngineAnswer, EngineCall, EngineReply, EngineRequest, EngineWorkerData, Update } from './engineProtocol.ts';
import { applyEvent, eventFor, eventsSince, frameOf, openRoomGame, seqOf, type RoomGame } from './roomGame.ts';
import { checkRules, compileRules } from './rules.ts';
import type { RoomRules } from './store.ts';
import { LruCache } from '../lang/cache.ts';
import { selectEngine } from '../lang/emit/select.ts';

selectEngine((workerData as EngineWorkerData | null)?.engine ?? 'interpreter');

interface Held {
  readonly game: RoomGame;
  readonly rules: RoomRules;
  readonly seed: string;
}

/** Compiled rules by their text: the rooms of one game and house rules share one compile. */
const compiled = new LruCache<string, CompiledGame>(64);
const rooms = new Map<string, Held>();
const bots = new WeakMap<CompiledGame, Map<string, Bot>>();

const rulesKey = (rules: RoomRules): string => JSON.stringify([rules.files, rules.variants, rules.params]);

/** The checks of new rooms' rules by their request, likewise. */
const checks = new LruCache<string, ReturnType<typeof checkRules>>(64);

const gameOf = (rules: RoomRules): CompiledGame | { error: string } => {
  const key = rulesKey(rules);
  const kept = compiled.get(key);
  if (kept) return kept;
  const out = compileRules(rules);
  if (!out.ok) return { error: out.message };
  compiled.set(key, out.value);
  return out.value;
};

const updateOf = (held: Held, withEvent: boolean): Update => {
  const readers = [...Array.from({ length: held.rules.players }, (_, s): number | null => s), null];
  const seq = seqOf(held.game);
  return {
    seq,
    frames: readers.map((r) => frameOf(held.game, r)),
    events: withEvent ? readers.map((r) => eventFor(held.game, seq, r)) : null,
  };
};

const botOf = (game: CompiledGame, name: string, timeMs: number): Bot | { error: string } => {
  let byName = bots.get(game);
  if (!byName) bots.set(game, (byName = new Map()));
  const key = `${name} ${timeMs}`;
  const kept = byName.get(key);
  if (kept) return kept;
  const bot = createBot(game, name, { timeMs, now: () => performance.now() });
  if (!('error' in bot)) byName.set(key, bot);
  return bot;
};

const notLoaded = (room: string): EngineReply => ({
  ok: false,
  code: 'server-error',
  message: `room ${room.slice(0, 8)}… is not loaded in this worker`,
});

export const handle = (request: EngineRequest): EngineReply => {
  switch (request.op) {
    case 'check': {
      // Rooms of one game and house rules are made again and again (a club, a rematch): compile once.
      const key = JSON.stringify(request.request);
      const checked = checks.getOrSet(key, () => checkRules(request.request));
      return checked.ok ? { ok: true, kind: 'rules', rules: checked.value } : checked;
    }
    case 'open': {
      const game = gameOf(request.rules);
      if ('error' in game) return { ok: false, code: 'bad-rules', message: game.error };
      const opened = openRoomGame(game, request.seed, request.rules.players, request.events);
      if ('error' in opened) return { ok: false, code: 'server-error', message: opened.error };
      const held = { game: opened.room, rules: request.rules, seed: request.seed };
      rooms.set(request.room, held);
      return { ok: true, kind: 'update', update: updateOf(held, false) };
    }
    case 'apply': {
      const held = rooms.get(request.room);
      if (!held) return notLoaded(request.room);
      if (request.seq !== seqOf(held.game))
        return { ok: false, code: 'stale', message: `the game is at state ${seqOf(held.game)}, not ${request.seq}` };
      const applied = applyEvent(held.game, request.event);
      return applied.ok ? { ok: true, kind: 'update', update: updateOf(held, true) } : applied;
    }
    case 'bot': {
      const held = rooms.get(request.room);
      if (!held) return notLoaded(request.room);
      const bot = botOf(held.game.game, request.bot, request.timeMs);
      if ('error' in bot) return { ok: false, code: 'bad-rules', message: bot.error };
      const { game } = held.game;
      const state = held.game.states[held.game.states.length - 1];
      if (!state) return notLoaded(request.room);
      // The bot decides on a world built from its seat's view alone, its PRNG seeded by the move.
      const rng = new Rng(seedRng(`${held.seed}:bot:${seqOf(held.game)}`));
      const seen = seenBy(game, state, request.seat, rng);
      const moves = legalMovesWithEvents(game, seen, request.seat);
      if (moves.length === 0) return { ok: false, code: 'illegal', message: 'the bot has no move' };
      return { ok: true, kind: 'move', move: bot.choose(seen, request.seat, moves, rng).move };
    }
    case 'since': {
      const held = rooms.get(request.room);
      if (!held) return notLoaded(request.room);
      return { ok: true, kind: 'events', events: eventsSince(held.game, request.since, request.reader) };
    }
    case 'close':
      rooms.delete(request.room);
      return { ok: true, kind: 'closed' };
  }
};

const answer = (call: EngineCall): EngineAnswer => {
  try {
    return { id: call.id, reply: handle(call.request) };
  } catch (error) {
    return { id: call.id, reply: { ok: false, code: 'server-error', message: error instanceof Error ? error.message : String(error) } };
  }
};

parentPort?.on('message', (call: EngineCall) => parentPort?.postMessage(answer(call)));
