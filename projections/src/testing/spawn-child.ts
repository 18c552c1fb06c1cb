import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const packageDir = fileURLToPath(new URL('../../', import.meta.url));

/** `node --import tsx src/testing/<script>`: a TypeScript child process, as the app's CLIs run. */
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

/** Resolves with the exit code (null when killed) and what the child wrote. */
export function exited(
  child: ChildProcessWithoutNullStreams,
): Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}
