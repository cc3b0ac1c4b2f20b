/**
 * Setup of the `compiled` test project (vite.config.ts): the files it runs again, the rules' and
 * the language's own tests, run with the expressions compiled to JavaScript (src/lang/emit), so
 * both tiers answer to one set of tests. Not one expression may fall back to the interpreter. (A
 * test that runs the CLI gets the engine its command chooses, as a user would.)
 */
import { afterAll, expect } from 'vitest';
import { engineReport } from '../../src/lang/index.ts';
import { selectEngine } from '../../src/lang/emit/select.ts';

selectEngine('compiled');

afterAll(() => {
  expect(engineReport()).toMatchObject({ fallbacks: 0 });
});
