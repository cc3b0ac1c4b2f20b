import { makeQuery } from '../../engine/query.ts';
import type { Json } from '../../engine/types.ts';
import { loadGame, PARAM_OPTION, VARIANT_OPTION, type Command } from '../command.ts';

const parseVars = (text: string): Record<string, Json> | string => {
  try {
    const v: unknown = JSON.parse(text);
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, Json>) : 'variables must be a JSON object';
  } catch (error) {
    return `not JSON: ${(error as Error).message}`;
  }
};

export const evalCommand: Command = {
  name: 'eval',
  usage: "eval <game-id> [--variant a,b] --expr '<expression>' [--vars '<json>'] [--jsonl]",
  summary: "evaluate an expression with the spec's definitions and print the result as JSON",
  options: {
    variant: VARIANT_OPTION,
    param: PARAM_OPTION,
    expr: { type: 'string', hint: 'expression', help: 'the expression, e.g. "score(roll)"' },
    vars: { type: 'string', hint: 'json', help: 'variables as a JSON object, e.g. {"roll":[1,1,1,5,2]}' },
    jsonl: { type: 'boolean', help: 'read one JSON object of variables per stdin line; print one JSON value per line' },
  },
  run: async ([target], values, io) => {
    if (typeof values.expr !== 'string') {
      io.err("give the expression with --expr '<expression>'");
      return 1;
    }
    const game = loadGame(io, target, values);
    if (!game) return 1;
    const query = makeQuery(game, values.expr);
    const answer = (vars: Record<string, Json>, where: string): boolean => {
      const result = query(vars);
      if (result.ok) io.out(JSON.stringify(result.value));
      else io.err(`${where}${result.error}`);
      return result.ok;
    };
    if (!values.jsonl) {
      const vars = typeof values.vars === 'string' ? parseVars(values.vars) : {};
      if (typeof vars === 'string') {
        io.err(`--vars ${vars}`);
        return 1;
      }
      return answer(vars, '') ? 0 : 1;
    }
    let failed = false;
    const lines = (await io.readStdin()).split('\n');
    lines.forEach((line, i) => {
      if (line.trim() === '') return;
      const vars = parseVars(line);
      if (typeof vars === 'string') {
        io.err(`stdin:${i + 1}: ${vars}`);
        failed = true;
      } else if (!answer(vars, `stdin:${i + 1}: `)) failed = true;
    });
    return failed ? 1 : 0;
  },
};
