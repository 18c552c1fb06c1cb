/**
 * `npm run fuzz -- [--runs N] [--seed S]`: the API fuzz spec (services/api/src/app/fuzz-api.spec.ts)
 * with a long run, 20,000 requests by default; `npm test` runs 2,000. A failure prints the
 * counterexample and the seed that replays it.
 */
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '20000' }, seed: { type: 'string' } },
});
if (!/^\d+$/.test(values.runs)) {
  console.error(`--runs must be a whole number, got "${values.runs}"`);
  process.exit(2);
}
const result = spawnSync(
  'npx',
  ['vitest', 'run', '--project', 'api', 'services/api/src/app/fuzz-api.spec.ts'],
  {
    stdio: 'inherit',
    env: {
      ...process.env,
      FUZZ_RUNS: values.runs,
      ...(values.seed ? { FUZZ_SEED: values.seed } : {}),
    },
  },
);
process.exit(result.status ?? 1);
