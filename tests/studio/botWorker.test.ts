/**
 * The bots' worker, in Node: one job runner compiles the rules from their text and runs the
 * playtest's bot moves and the hint. A bot's move there is the move the same bot makes on the
 * page's own compile, for the same seed and moves (search bots by iterations); a failure is told
 * in the player's words. The client drops a reply nobody waits for and stops a worker that fails
 * or hangs. The playtest's loop asks the seat to act, plays the answer, and stops at the move cap.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createBot } from '../../src/bots/index.ts';
import { compileGame, type CompiledGame } from '../../src/compile/index.ts';
import { legalMoves, legalMovesWithEvents, newGame, step, type GameState } from '../../src/engine/index.ts';
import { Rng, seedRng } from '../../src/runtime/rng.ts';
import type { AnalysisInput } from '../../src/studio/analysis/protocol.ts';
import type { Timers } from '../../src/studio/analysis/compileClient.ts';
import type { BotAnswer, MoveJob, Numbered, SearchBudget } from '../../src/studio/botWorker/protocol.ts';
import { createJobRunner } from '../../src/studio/botWorker/runJob.ts';
import { createJobClient, type JobWorker, type Outcome } from '../../src/studio/botWorker/workerClient.ts';
import { afterBotAnswer, nextBotTurn } from '../../src/studio/play/botTurn.ts';
import { LIMITS } from '../../src/limits.ts';
import { startSession, type PlayEngine, type Session } from '../../src/studio/play/session.ts';

const ENGINE: PlayEngine<CompiledGame> = { newGame, legalMoves, step };
const noClock = (): number => 0;

const inputOf = (id: string): AnalysisInput => {
  const file = `games/${id}/game.yaml`;
  return { base: { file, text: readFileSync(file, 'utf8') }, variants: [], params: {} };
};

const pageGame = (input: AnalysisInput): CompiledGame => {
  const { game, diagnostics } = compileGame(input);
  if (!game) throw new Error(diagnostics.map((d) => d.message).join('; '));
  return game;
};

const started = (game: CompiledGame, players: number, seed: number): Session => {
  const r = startSession(ENGINE, game, players, seed);
  if (!r.ok) throw new Error(r.error);
  return r.session;
};

type Answerer = (state: GameState, seat: number, bot: string, seed: string) => BotAnswer;

/** The playtest's loop without the page: up to `n` bot moves, each answered by `answer`. */
const playBots = (game: CompiledGame, session: Session, seats: readonly string[], n: number, answer: Answerer): string[] => {
  let s = session;
  const moves: string[] = [];
  for (let i = 0; i < n; i++) {
    const turn = nextBotTurn(ENGINE, game, s, seats);
    if ('stop' in turn) break;
    const { state, seat, bot, seed } = turn.ask;
    const next = afterBotAnswer(ENGINE, game, s, answer(state, seat, bot, seed));
    if ('stop' in next) throw new Error(next.stop ?? 'the bots stopped');
    s = next.session;
    moves.push(JSON.stringify(s.moves[s.moves.length - 1]));
  }
  return moves;
};

/** As the worker answers: its own compile of the text, the position copied as postMessage copies it. */
const viaWorker = (input: AnalysisInput, budget: SearchBudget): Answerer => {
  const run = createJobRunner(noClock);
  return (state, seat, bot, seed) =>
    run(structuredClone({ kind: 'move', input, state, seat, bot, seed, budget } satisfies MoveJob)) as BotAnswer;
};

/** As the page chose before: the bot built on the page's compile, its PRNG seeded the same way. */
const onPage = (game: CompiledGame, iterations?: number): Answerer => {
  const bots = new Map<string, ReturnType<typeof createBot>>();
  return (state, seat, name, seed) => {
    const bot = bots.get(name) ?? createBot(game, name, iterations === undefined ? {} : { iterations });
    bots.set(name, bot);
    if ('error' in bot) throw new Error(bot.error);
    return { move: bot.choose(state, seat, legalMovesWithEvents(game, state, seat), new Rng(seedRng(seed))).move };
  };
};

describe("the bots' worker", () => {
  const input = inputOf('ten-thousand');
  const game = pageGame(input);

  it("plays the same moves as the bots on the page's compile, for the same seed: random, greedy, the spec's strategies", () => {
    const seats = ['careful', 'greedy', 'random', 'bold'];
    const session = started(game, 4, 7);
    const worker = playBots(game, session, seats, 40, viaWorker(input, { timeMs: 400 }));
    expect(worker).toHaveLength(40);
    expect(worker).toEqual(playBots(game, session, seats, 40, onPage(game)));
    // The seed matters: another game seed, other moves.
    expect(playBots(game, started(game, 4, 8), seats, 40, viaWorker(input, { timeMs: 400 }))).not.toEqual(worker);
  });

  it('plays the same moves as the page for search bots run by iterations, every time', () => {
    const seats = ['mcts', 'ismcts:careful'];
    const session = started(game, 2, 3);
    const worker = playBots(game, session, seats, 6, viaWorker(input, { iterations: 30 }));
    expect(worker).toHaveLength(6);
    expect(playBots(game, session, seats, 6, viaWorker(input, { iterations: 30 }))).toEqual(worker);
    expect(playBots(game, session, seats, 6, onPage(game, 30))).toEqual(worker);
  });

  it("says in the player's words when a bot fails, or the rules do not compile there", () => {
    const run = createJobRunner(noClock);
    const state = started(game, 2, 1).states[0] as GameState;
    expect(run({ kind: 'move', input, state, seat: 1, bot: 'nobody', seed: '1:0', budget: { iterations: 10 } })).toEqual({
      error: expect.stringMatching(/^The nobody bot of Player 2 failed: unknown bot 'nobody'/),
    });
    const broken = { ...input, base: { ...input.base, text: `${input.base.text}\nflow: [` } };
    expect(run({ kind: 'move', input: broken, state, seat: 1, bot: 'mcts', seed: '1:0', budget: { iterations: 10 } })).toEqual({
      error: expect.stringMatching(/^The mcts bot of Player 2 failed: the rules do not compile in the bots' worker: .+/),
    });
    expect(run({ kind: 'hint', input: broken, state, seat: 1, seed: '1:0', budget: { iterations: 10 } })).toEqual({
      ok: false,
      error: expect.stringMatching(/^No hint: the rules do not compile/),
    });
  });

  it('runs hints too, on the rules it keeps compiled', () => {
    const run = createJobRunner(noClock);
    // After the opening roll, the only move, there are choices to weigh.
    const first = started(game, 2, 1).states[0] as GameState;
    const rolled = step(game, first, legalMoves(game, first)[0] as NonNullable<ReturnType<typeof legalMoves>[0]>);
    if (!rolled.ok) throw new Error(rolled.error);
    const state = rolled.state;
    expect(legalMoves(game, state).length).toBeGreaterThan(1);
    const hint = run({ kind: 'hint', input, state, seat: state.context.active, seed: '1:0', budget: { iterations: 40 } });
    expect(hint && 'ok' in hint && hint.ok ? hint.hint.iterations : 0).toBe(40);
  });
});

describe("the playtest's bot turn", () => {
  const game = pageGame(inputOf('ten-thousand'));
  const session = started(game, 2, 5);

  it('asks the bot of the seat to act, seeded by the game seed and move number, and none for a person', () => {
    expect(nextBotTurn(ENGINE, game, session, ['human', 'mcts'])).toEqual({ stop: null });
    expect(nextBotTurn(ENGINE, game, session, ['careful', 'mcts'])).toEqual({
      ask: { state: session.states[0], seat: 0, bot: 'careful', seed: '5:0' },
    });
  });

  it(`pauses the bots after ${LIMITS.botMoves} moves (LIMITS.botMoves), and says why`, () => {
    const long: Session = { ...session, cursor: LIMITS.botMoves };
    expect(nextBotTurn(ENGINE, game, long, ['careful', 'mcts'])).toEqual({
      stop: 'Bots paused after 5,000 moves: does this flow ever end?',
    });
  });

  it("plays the answer, or stops with the bot's failure or the engine's refusal", () => {
    const move = legalMoves(game, session.states[0] as GameState)[0];
    if (!move) throw new Error('no move');
    const played = afterBotAnswer(ENGINE, game, session, { move });
    expect('session' in played ? played.session.cursor : -1).toBe(1);
    expect(afterBotAnswer(ENGINE, game, session, { error: 'The mcts bot of Player 1 failed: x' })).toEqual({
      stop: 'The mcts bot of Player 1 failed: x',
    });
    expect(afterBotAnswer(ENGINE, game, session, { move: { ...move, move: 'nowhere' } })).toEqual({
      stop: expect.stringMatching(/^A bot's move was refused: .+/),
    });
    expect(afterBotAnswer(ENGINE, game, session, undefined)).toEqual({ stop: null });
  });
});

describe("the bots' worker client", () => {
  type Job = { n: number };
  const stand = () => {
    const posted: Numbered<Job>[] = [];
    let terminated = 0;
    const w: JobWorker<Job, string> = {
      onmessage: null,
      onerror: null,
      postMessage: (j) => posted.push(j),
      terminate: () => (terminated += 1),
    };
    const reply = (seq: number, body: string) => w.onmessage?.({ data: { seq, body } } as MessageEvent<Numbered<string>>);
    return { w, posted, terminated: () => terminated, reply };
  };
  const held = (): { timers: Timers; fire: () => void } => {
    let f: () => void = () => undefined;
    return {
      timers: {
        set: (g) => {
          f = g;
          return 1 as unknown as ReturnType<typeof setTimeout>;
        },
        clear: () => undefined,
      },
      fire: () => f(),
    };
  };
  const spawner = () => {
    const workers: ReturnType<typeof stand>[] = [];
    const spawn = () => {
      const s = stand();
      workers.push(s);
      return s.w;
    };
    return { workers, spawn };
  };

  it('keeps its worker between jobs, and drops the reply to a job a newer one replaced, without stopping the worker', () => {
    const { workers, spawn } = spawner();
    const c = createJobClient<Job, string>(spawn);
    const got: Outcome<string>[] = [];
    c.request({ n: 1 }, (o) => got.push(o));
    c.request({ n: 2 }, (o) => got.push(o));
    expect(workers).toHaveLength(1);
    expect(workers[0]?.posted.map((p) => p.body.n)).toEqual([1, 2]);
    const [first, second] = workers[0]?.posted ?? [];
    workers[0]?.reply(first?.seq ?? 0, 'old');
    workers[0]?.reply(second?.seq ?? 0, 'new');
    expect(got).toEqual([{ reply: 'new' }]);
    expect(workers[0]?.terminated()).toBe(0);
    c.dispose();
  });

  it('stops its worker when cancelled: that reply never arrives, and the next job gets a new worker', () => {
    const { workers, spawn } = spawner();
    const c = createJobClient<Job, string>(spawn);
    const got: Outcome<string>[] = [];
    c.request({ n: 1 }, (o) => got.push(o));
    c.cancel();
    expect(workers[0]?.terminated()).toBe(1);
    workers[0]?.reply(workers[0]?.posted[0]?.seq ?? 0, 'late');
    expect(got).toEqual([]);
    c.request({ n: 2 }, (o) => got.push(o));
    expect(workers).toHaveLength(2);
    c.dispose();
  });

  it('stops a job past its time limit, or a worker that fails, and says why', () => {
    const h = held();
    const { workers, spawn } = spawner();
    const c = createJobClient<Job, string>(spawn, 3000, h.timers);
    const got: Outcome<string>[] = [];
    c.request({ n: 1 }, (o) => got.push(o));
    h.fire();
    expect(got).toEqual([{ failed: 'thinking took more than 3 s and was stopped' }]);
    expect(workers[0]?.terminated()).toBe(1);
    c.request({ n: 2 }, (o) => got.push(o));
    workers[1]?.w.onerror?.({ message: 'boom', preventDefault: () => undefined } as ErrorEvent);
    expect(got[1]).toEqual({ failed: 'its worker stopped unexpectedly: boom' });
    expect(workers[1]?.terminated()).toBe(1);
  });
});
