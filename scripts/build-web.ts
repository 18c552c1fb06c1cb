/**
 * `npm run build`: builds the web app for production into a new folder, then swaps it in while
 * any running server keeps serving (web-build-swap.ts). Always a production build, whatever
 * NODE_ENV says: a development bundle is several times larger and never meant to be served.
 */
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { swapBuild } from './web-build-swap';

const root = fileURLToPath(new URL('..', import.meta.url));

const webDir = join(root, 'web');

/** `npm run build -- --report` also writes this treemap of what each chunk carries. */
const REPORT = join(webDir, 'bundle-report.html');

export function buildWeb({
  dist = join(webDir, 'dist'),
  report = false,
}: { dist?: string; report?: boolean } = {}): void {
  const next = join(webDir, `dist.next-${process.pid}`);
  rmSync(next, { recursive: true, force: true });
  const build = spawnSync(
    'npx',
    ['vite', 'build', '--mode', 'production', '--outDir', next, '--emptyOutDir'],
    {
      cwd: webDir,
      stdio: 'inherit',
      env: {
        ...process.env,
        NODE_ENV: 'production',
        ...(report ? { WEB_BUILD_REPORT: REPORT } : {}),
      },
    },
  );
  if (build.status !== 0) {
    rmSync(next, { recursive: true, force: true });
    throw new Error(`The web build failed (exit ${build.status ?? 'signal'})`);
  }
  swapBuild(next, dist);
  console.log(`Web app built into ${relative(process.cwd(), dist) || '.'}`);
  if (report) console.log(`What each chunk carries: ${relative(process.cwd(), REPORT)}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    buildWeb({ report: process.argv.includes('--report') });
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
