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

export function buildWeb({ dist = join(webDir, 'dist') }: { dist?: string } = {}): void {
  const next = join(webDir, `dist.next-${process.pid}`);
  rmSync(next, { recursive: true, force: true });
  const build = spawnSync(
    'npx',
    ['vite', 'build', '--mode', 'production', '--outDir', next, '--emptyOutDir'],
    { cwd: webDir, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } },
  );
  if (build.status !== 0) {
    rmSync(next, { recursive: true, force: true });
    throw new Error(`The web build failed (exit ${build.status ?? 'signal'})`);
  }
  swapBuild(next, dist);
  console.log(`Web app built into ${relative(process.cwd(), dist) || '.'}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    buildWeb();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
