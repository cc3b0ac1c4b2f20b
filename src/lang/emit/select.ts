/**
 * Chooses the engine of this process's rules (lang/engine.ts), handing over the compiled tier's
 * compiler. Only Node entry points import this file (the CLI and its workers, the game server's
 * engine workers, the bench, the tests): the studio's page never compiles code, and its bundle
 * stays without the emitter and acorn.
 */
import { chooseEngine, type Engine } from '../engine.ts';
import { compileToJs } from './instantiate.ts';

export const selectEngine = (engine: Engine): void => chooseEngine(engine === 'compiled' ? { engine, compile: compileToJs } : { engine });
