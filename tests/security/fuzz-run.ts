/**
 * `npm run fuzz [specCases] [replayCases] [seed] [schemaCases]`: the fuzzers of fuzzing.ts, longer than in
 * `npm test`, printing what they found. Exit code 1 when there are findings.
 */
import { fuzzReplays, fuzzSchemaSpecs, fuzzSpecs, type FuzzReport } from './fuzzing.ts';

const [specCases = 400, replayCases = 1000, seed = Date.now() % 1_000_000, schemaCases = 1000] = process.argv.slice(2).map(Number);

const print = (name: string, report: FuzzReport, ms: number): void => {
  console.log(
    `${name}: ${report.cases} cases, ${report.compiled} compiled, ${report.moves} moves played, ${report.findings.length} findings (${(ms / 1000).toFixed(1)} s)`,
  );
  for (const f of report.findings) console.log(`  [${f.kind}] ${f.where}: ${f.detail}\n    input: ${f.input}`);
};

console.log(`seed ${seed}`);
let t0 = performance.now();
const specs = fuzzSpecs(specCases, 200, seed);
print('mutated specs', specs, performance.now() - t0);
t0 = performance.now();
const schema = fuzzSchemaSpecs(schemaCases, 200, seed);
print('schema specs', schema, performance.now() - t0);
t0 = performance.now();
const replays = fuzzReplays(replayCases, seed);
print('move logs', replays, performance.now() - t0);
process.exitCode = specs.findings.length + schema.findings.length + replays.findings.length > 0 ? 1 : 0;
