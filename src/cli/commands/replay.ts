import { readFileSync } from 'node:fs';
import { replay, type Move } from '../../engine/index.ts';
import { readMoveLog } from '../../engine/moveLog.ts';
import { loadGame, PARAM_OPTION, PLAYERS_OPTION, PLAYERS_RANGE, VARIANT_OPTION, intOption, seedOf, type Command } from '../command.ts';

export const replayCommand: Command = {
  name: 'replay',
  usage: 'replay <game-id> [--variant a,b] --seed S --moves <file.json> [--players n] [--json]',
  summary: 'apply a move log; print the final state, or the first illegal move and why',
  options: {
    variant: VARIANT_OPTION,
    param: PARAM_OPTION,
    seed: { type: 'string', hint: 'S', help: 'the seed the game was played with' },
    moves: { type: 'string', hint: 'file.json', help: 'a JSON list of moves {"move","seat","args"}' },
    players: PLAYERS_OPTION,
    json: { type: 'boolean', help: 'print the final state as JSON' },
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
    let moves: Move[] | string;
    try {
      moves = readMoveLog(JSON.parse(readFileSync(values.moves, 'utf8')));
    } catch (error) {
      moves = (error as Error).message;
    }
    if (typeof moves === 'string') {
      io.err(`${values.moves}: ${moves}`);
      return 1;
    }
    const game = loadGame(io, target, values);
    if (!game) return 1;
    const result = replay(game, { seed: seeded.seed, players: players ?? undefined }, moves);
    if (!result.ok) {
      io.err(result.index < 0 ? result.error : `${values.moves}: move ${result.index + 1} ${JSON.stringify(moves[result.index])} is illegal: ${result.error}`);
      return 1;
    }
    const { context, value } = result.state;
    if (values.json) io.out(JSON.stringify(result.state, null, 2));
    else {
      io.out(`after ${moves.length} moves: state ${JSON.stringify(value)}, turn ${context.turn}, active seat ${context.active}`);
      io.out(context.result ? `game over; winners: ${context.result.winners.join(', ') || 'none'}` : 'game not over');
    }
    return 0;
  },
};
