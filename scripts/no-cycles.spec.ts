import { cruise, type ICruiseResult } from 'dependency-cruiser';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const fixtures = 'scripts/fixtures/cycles';

/**
 * Every import cycle between files under `paths`, each as "a -> b -> a". Type-only imports count
 * (docs/decisions/no-import-cycles.md): they couple two files as much as a value import does.
 * Subpath imports (`#api/...`) and workspace package names resolve through package.json
 * `imports` and `exports`, so a cycle that crosses a package is found too.
 */
async function cyclesIn(paths: string[], exclude: string[] = []): Promise<string[]> {
  const { output } = await cruise(paths, {
    baseDir: root,
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: {
      path: ['(^|/)(node_modules|dist|data|test-results|playwright-report)/', ...exclude],
    },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs', '.d.ts'],
    },
    validate: true,
    ruleSet: {
      forbidden: [{ name: 'no-circular', severity: 'error', from: {}, to: { circular: true } }],
    },
  });
  const { summary } = output as ICruiseResult;
  return summary.violations
    .filter((v) => v.rule.name === 'no-circular')
    .map((v) => written([v.from, ...(v.cycle ?? []).map((step) => step.name)]))
    .sort();
}

/**
 * A cycle [a, b, a] as "a -> b -> a", started at its alphabetically first file, so it reads the
 * same whichever file the cruise met first.
 */
function written(cycle: string[]): string {
  const files = cycle.slice(0, -1);
  const start = files.indexOf([...files].sort()[0]!);
  const rotated = [...files.slice(start), ...files.slice(0, start)];
  return [...rotated, rotated[0]].join(' -> ');
}

/** Cycles accepted for now: none. */
const knownCycles: string[] = [];

describe('import cycles between files (no file cycle anywhere)', () => {
  it('when two files import each other it reports the cycle', async () => {
    expect(await cyclesIn([`${fixtures}/value-a.fixture.ts`])).toEqual([
      `${fixtures}/value-a.fixture.ts -> ${fixtures}/value-b.fixture.ts -> ${fixtures}/value-a.fixture.ts`,
    ]);
  });

  it('when a type-only import closes the loop it reports the cycle too', async () => {
    expect(await cyclesIn([`${fixtures}/type-a.fixture.ts`])).toEqual([
      `${fixtures}/type-a.fixture.ts -> ${fixtures}/type-b.fixture.ts -> ${fixtures}/type-a.fixture.ts`,
    ]);
  });

  it('when the whole repository is cruised it finds no cycle but the known one', async () => {
    expect(await cyclesIn(['.'], [`^${fixtures}/`])).toEqual(knownCycles);
  }, 60_000);
});
