import { spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const packageDir = fileURLToPath(new URL('../../', import.meta.url));

/** Starts `node --import tsx src/testing/<script>` (TypeScript, like the app's CLIs) in the package. */
export function spawnTsChild(
  script: string,
  args: readonly string[],
): ChildProcessWithoutNullStreams {
  const path = fileURLToPath(new URL(`./${script}`, import.meta.url));
  return spawn(process.execPath, ['--import', 'tsx', path, ...args], {
    cwd: packageDir,
    stdio: 'pipe',
  });
}

/** Runs a child script to completion; rejects with its stderr when it fails. */
export function runTsChild(script: string, args: readonly string[]): Promise<string> {
  const child = spawnTsChild(script, args);
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(stdout) : reject(new Error(`${script} exited with ${code}: ${stderr}`)),
    );
  });
}
