import { moveText, pieceNamerOf, seatName } from '../../display/present.ts';
import { moveOptions, replay, whyNot, type GameState, type Move, type MoveOption, type Refusal } from '../../engine/index.ts';
import type { CompiledGame } from '../../compile/index.ts';
import { LIMITS } from '../../limits.ts';
import {
  loadGame,
  PARAM_OPTION,
  PLAYERS_OPTION,
  PLAYERS_RANGE,
  VARIANT_OPTION,
  intOption,
  placeOf,
  readMovesFile,
  seedOf,
  type Command,
  type Io,
} from '../command.ts';

const refusalLine = (game: CompiledGame, r: Refusal): string => {
  const where = placeOf(game, r.path);
  const missing = r.rules.filter((id) => !r.reason.includes(id));
  return `${r.reason}${missing.length > 0 ? ` (${missing.join(', ')})` : ''}${where ? `\n      at ${where}` : ''}`;
};

const optionLines = (game: CompiledGame, state: GameState, o: MoveOption): string[] => {
  const who = seatName(game, state.context, o.seat);
  const title = game.moves[o.move]?.title ?? o.move;
  if (o.refusal) return [`  ${who}: ${title} — not allowed: ${refusalLine(game, o.refusal)}`];
  const ways =
    o.legal.length === 1 ? moveText(game, state.context, o.legal[0]!, pieceNamerOf(game, state.context)) : `${o.legal.length} ways`;
  return [`  ${who}: ${title} — legal (${ways})`];
};

/** `--move` as a name (for `--player N`, people's numbering, or the player to act) or as a move in JSON. */
const moveAsked = (io: Io, text: string, player: number | undefined, state: GameState): Move | null => {
  if (text.trim().startsWith('{')) {
    try {
      return JSON.parse(text) as Move;
    } catch (error) {
      io.err(`--move is not valid JSON: ${(error as Error).message}`);
      return null;
    }
  }
  return { move: text.trim(), seat: player === undefined ? state.context.active : player - 1 };
};

export const whyCommand: Command = {
  name: 'why',
  usage: 'why <game-id> [--variant a,b] [--param json] --seed S [--moves <file.json>] [--move NAME|json] [--player n] [--players n]',
  summary: 'every move of a position, legal or not and why not (the guard, its rules and where it is written)',
  options: {
    variant: VARIANT_OPTION,
    param: PARAM_OPTION,
    seed: { type: 'string', hint: 'S', help: 'the seed the game was played with' },
    moves: {
      type: 'string',
      hint: 'file.json',
      help: 'the moves that lead to the position (a JSON list of {"move","seat","args"}); none: the start',
    },
    move: { type: 'string', hint: 'NAME|json', help: 'one move to ask about: a name, or a move in JSON {"move","seat","args"}' },
    player: { type: 'string', hint: 'n', help: 'with a move name: the player asking, counted from 1 (default: the player to act)' },
    players: PLAYERS_OPTION,
  },
  run: async ([target], values, io) => {
    if (typeof values.seed !== 'string') {
      io.err('why needs --seed S (and --moves <file.json> for a position after the start)');
      return 1;
    }
    const players = intOption(io, values, 'players', undefined, PLAYERS_RANGE);
    const player = intOption(io, values, 'player', undefined, { min: 0, max: LIMITS.players });
    if (players === null || player === null) return 1;
    if (player === 0) {
      io.err('--player counts from 1 (Player 1 is the first seat)');
      return 1;
    }
    const seeded = seedOf(values.seed);
    if ('error' in seeded) {
      io.err(seeded.error);
      return 1;
    }
    const moves = typeof values.moves === 'string' ? readMovesFile(io, values.moves) : [];
    if (!moves) return 1;
    const game = loadGame(io, target, values);
    if (!game) return 1;
    const played = replay(game, { seed: seeded.seed, players: players ?? undefined }, moves);
    if (!played.ok) {
      const state = played.state;
      const move = moves[played.index];
      const refused = state && move ? whyNot(game, state, move) : null;
      io.err(
        played.index < 0
          ? played.error
          : `move ${played.index + 1} ${JSON.stringify(move)} is illegal: ${refused ? refusalLine(game, refused) : played.error}`,
      );
      return 1;
    }
    const state = played.state;
    if (state.context.result) {
      io.out('the game is over: no move is possible');
      return 0;
    }
    if (typeof values.move === 'string') {
      const move = moveAsked(io, values.move, player, state);
      if (!move) return 1;
      // A move asked by name stands for every way of making it: its option says them all.
      const option = move.args === undefined ? moveOptions(game, state, move.seat).find((o) => o.move === move.move) : undefined;
      if (option) {
        for (const line of optionLines(game, state, option)) io.out(line.trimStart());
        return 0;
      }
      const refused = whyNot(game, state, move);
      const who = seatName(game, state.context, move.seat);
      io.out(
        refused
          ? `${who}: ${game.moves[move.move]?.title ?? move.move} is not allowed: ${refusalLine(game, refused)}`
          : `${who}: ${moveText(game, state.context, move, pieceNamerOf(game, state.context))} is legal`,
      );
      return 0;
    }
    io.out(`${moves.length} move(s) played; ${seatName(game, state.context, state.context.active)} to play. Moves of this position:`);
    let any = false;
    for (let seat = 0; seat < state.context.numPlayers; seat += 1) {
      for (const o of moveOptions(game, state, seat)) {
        any = true;
        for (const line of optionLines(game, state, o)) io.out(line);
      }
    }
    if (!any) io.out('  none: the flow offers no move here');
    return 0;
  },
};
