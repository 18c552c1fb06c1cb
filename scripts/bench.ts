/**
 * `npm run bench -- <name> [args]` runs scripts/bench/<name>.ts; without a name, every bench.
 * Each bench measures a hot path beside a baseline in the same run and prints ratios.
 */
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const dir = fileURLToPath(new URL('./bench/', import.meta.url));
const available = readdirSync(dir)
  .filter((f) => f.endsWith('.ts'))
  .map((f) => f.slice(0, -3))
  .sort();

const [name, ...args] = process.argv.slice(2);
const selected = name ? [name] : available;
for (const bench of selected) {
  if (!available.includes(bench)) {
    console.error(`Unknown bench "${bench}". Available: ${available.join(', ') || 'none yet'}`);
    process.exit(1);
  }
  const mod = (await import(`./bench/${bench}.ts`)) as { run(args: string[]): Promise<void> };
  console.log(`\n== bench: ${bench} ==`);
  await mod.run(args);
}
