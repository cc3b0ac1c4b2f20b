/**
 * Issue 16 (CSP): the built studio validates with ajv's standalone code, generated at build time.
 * Its messages must be exactly those of the validators ajv compiles at run time (the CLI's): the
 * explanations find schema nodes by identity, which the generated module keeps.
 */
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import fc from 'fast-check';
import { parse } from 'yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import gameSchema from '../../schema/game.schema.json';
import variantSchema from '../../schema/variant.schema.json';
import { standaloneValidatorsModule } from '../../src/validate/standalone.ts';
import { explainSchemaErrors, gameSpecValidator, variantSpecValidator, type SchemaValidator } from '../../src/validate/index.ts';

const ROOT = join(import.meta.dirname, '../..');

interface Validators {
  gameSpecValidator(): SchemaValidator;
  variantSpecValidator(): SchemaValidator;
}

let standalone: Validators;
let code: string;

beforeAll(async () => {
  code = standaloneValidatorsModule(gameSchema, variantSchema, {
    gameSchema: join(ROOT, 'schema/game.schema.json'),
    variantSchema: join(ROOT, 'schema/variant.schema.json'),
    schemaIndex: join(ROOT, 'src/validate/schemaIndex.ts'),
  });
  const file = join(mkdtempSync(join(tmpdir(), 'houserules-standalone-')), 'validators.js');
  writeFileSync(file, code);
  standalone = (await import(/* @vite-ignore */ file)) as Validators;
});

const explain = (validator: SchemaValidator, value: unknown): string[] =>
  validator.validate(value)
    ? []
    : explainSchemaErrors(validator.validate.errors ?? [], value, validator.index).map((i) => `${JSON.stringify(i.path)} ${i.message}`);

const yamlFiles = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.yaml'))
    .map((f) => join(dir, f));

// Told apart by their place under games/, not by the whole path (a checkout may itself sit in a folder named variants).
const shipped = readdirSync(join(ROOT, 'games'), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.yaml'));
const games = shipped.filter((f) => f.endsWith('game.yaml')).map((f) => join(ROOT, 'games', f));
const variants = shipped.filter((f) => f.split(sep).includes('variants')).map((f) => join(ROOT, 'games', f));
const fixtures = yamlFiles(join(ROOT, 'tests/fixtures'));

describe('standalone validators', () => {
  it('contain no eval, no Function constructor and no require: they run under a CSP without unsafe-eval', () => {
    expect(code).not.toMatch(/\beval\(|new Function|\bFunction\(|require\(/);
  });

  it('accept every shipped game and variant, as the run-time validators do', () => {
    for (const file of games) expect(explain(standalone.gameSpecValidator(), parse(readFileSync(file, 'utf8'))), file).toEqual([]);
    for (const file of variants) expect(explain(standalone.variantSpecValidator(), parse(readFileSync(file, 'utf8'))), file).toEqual([]);
  });

  it('explain every fixture exactly as the run-time validators do', () => {
    let explained = 0;
    for (const file of fixtures) {
      let value: unknown;
      try {
        value = parse(readFileSync(file, 'utf8'));
      } catch {
        continue; // broken YAML never reaches a validator
      }
      explained += explain(gameSpecValidator(), value).length;
      expect(explain(standalone.gameSpecValidator(), value), file).toEqual(explain(gameSpecValidator(), value));
      expect(explain(standalone.variantSpecValidator(), value), file).toEqual(explain(variantSpecValidator(), value));
    }
    expect(explained).toBeGreaterThan(5);
  });

  it('explain mutated specs exactly as the run-time validators do (fast-check)', () => {
    let mutantsWithErrors = 0;
    const specs = games.map((f) => parse(readFileSync(f, 'utf8')) as Record<string, unknown>);
    const junk = fc.oneof(
      fc.constant(null),
      fc.integer(),
      fc.string(),
      fc.boolean(),
      fc.constant([]),
      fc.constant({}),
      fc.constant({ x: 1 }),
    );
    fc.assert(
      fc.property(
        fc.constantFrom(...specs),
        fc.array(fc.tuple(fc.nat(), fc.nat(), junk), { minLength: 1, maxLength: 4 }),
        (spec, edits) => {
          const value = structuredClone(spec);
          for (const [a, b, replacement] of edits) {
            // Replace a value two levels down: a section, or an entry of one.
            const keys = Object.keys(value);
            const key = keys[a % keys.length] as string;
            const section = value[key];
            if (typeof section === 'object' && section !== null && !Array.isArray(section) && b % 2 === 0) {
              const inner = Object.keys(section);
              if (inner.length > 0) (section as Record<string, unknown>)[inner[b % inner.length] as string] = replacement;
            } else value[key] = replacement;
          }
          const expected = explain(gameSpecValidator(), value);
          if (expected.length > 0) mutantsWithErrors++;
          expect(explain(standalone.gameSpecValidator(), value)).toEqual(expected);
        },
      ),
      { numRuns: 150 },
    );
    expect(mutantsWithErrors).toBeGreaterThan(50);
  });
});
