import { seatName, winnersText } from '../../display/present.ts';
import { replay, whyNot } from '../../engine/index.ts';
import type { LogLine } from '../../runtime/state.ts';
import {
  loadGame,
  PARAM_OPTION,
  LANG_OPTION,
  PLAYERS_OPTION,
  PLAYERS_RANGE,
  VARIANT_OPTION,
  intOption,
  placeOf,
  readMovesFile,
  seedOf,
  type Command,
} from '../command.ts';

export const replayCommand: Command = {
  name: 'replay',
  engine: 'compiled',
  usage: 'replay <game-id> [--variant a,b] --seed S --moves <file.json> [--players n] [--lang xx] [--log] [--json]',
  summary: 'apply a move log; print the final state, or the first illegal move and why',
  options: {
    variant: VARIANT_OPTION,
    param: PARAM_OPTION,
    lang: LANG_OPTION,
    seed: { type: 'string', hint: 'S', help: 'the seed the game was played with' },
    moves: { type: 'string', hint: 'file.json', help: 'a JSON list of moves {"move","seat","args"}' },
    players: PLAYERS_OPTION,
    json: { type: 'boolean', help: 'print the final state as JSON' },
    log: { type: 'boolean', help: "print the game's log, every move's lines from the start, in the language of --lang" },
  },
  run: async ([target], values, io) => {
    if (typeof values.seed !== 'string' || typeof values.moves !== 'string') {
      io.err('replay needs --seed S and --moves <file.json>');
      return 1;
    }
    const players = intOption(io, values, 'players', undefined, PLAYERS_RANGE);
    if (players === null) return 1;
    const seeded = seedOf(values.seed);
    if ('error' in seeded) {
      io.err(seeded.error);
      return 1;
    }
    const moves = readMovesFile(io, values.moves);
    if (!moves) return 1;
    const game = loadGame(io, target, values);
    if (!game) return 1;
    // A state's log holds its own move's lines: the game's log is theirs in turn.
    const log: LogLine[] = [];
    const result = replay(game, { seed: seeded.seed, players: players ?? undefined }, moves, (s) => log.push(...s.context.log));
    if (!result.ok) {
      const refused = result.state && moves[result.index] ? whyNot(game, result.state, moves[result.index]!) : null;
      const where = placeOf(game, refused?.path ?? null);
      const reason = refused ? `${refused.reason}${where ? ` (${where})` : ''}` : result.error;
      io.err(
        result.index < 0
          ? result.error
          : `${values.moves}: move ${result.index + 1} ${JSON.stringify(moves[result.index])} is illegal: ${reason}`,
      );
      return 1;
    }
    const { context, value } = result.state;
    if (values.json) io.out(JSON.stringify(result.state, null, 2));
    else {
      // The whole state is the CLI's: a line for some seats only is printed with whom it is for.
      if (values.log)
        for (const line of log)
          io.out(typeof line === 'string' ? line : `${line.text} (only ${line.to.map((s) => seatName(game, context, s)).join(', ')})`);
      io.out(
        `after ${moves.length} moves: state ${JSON.stringify(value)}, turn ${context.turn}, ${seatName(game, context, context.active)} to play`,
      );
      io.out(context.result ? `game over: ${winnersText(game, context, context.result.winners)}` : 'game not over');
    }
    return 0;
  },
};
