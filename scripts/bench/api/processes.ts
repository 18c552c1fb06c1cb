import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

export { freePort } from '@whosright/testing/free-port';

/**
 * Starts a TypeScript entry point in its own Node process (so load generation never shares its
 * event loop), from `cwd`: another checkout's server runs with its own tsconfig and node_modules.
 */
export function startNode(
  entry: string,
  args: string[],
  env: Record<string, string>,
  cwd: string = repoRoot,
): ChildProcess {
  return spawn(process.execPath, [...profileFlags(), '--import', 'tsx', entry, ...args], {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
}

/**
 * BENCH_PROFILE=<dir>: every process started here writes a V8 CPU profile into that folder when
 * it exits (open it in Chrome's DevTools), so a row's cost can be looked at before it is changed.
 */
function profileFlags(): string[] {
  const dir = process.env.BENCH_PROFILE;
  return dir ? ['--cpu-prof', `--cpu-prof-dir=${dir}`] : [];
}

export function firstLine(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let buffer = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      buffer += String(chunk);
      const newline = buffer.indexOf('\n');
      if (newline !== -1) resolve(buffer.slice(0, newline).trim());
    });
    child.once('exit', (code) =>
      reject(new Error(`process exited (${code}) before it printed anything`)),
    );
  });
}

export async function waitFor(
  check: () => Promise<boolean>,
  timeoutMs: number,
  what: string,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
