import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { basename, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface ChildOutcome {
  /** The exit code; null when a signal ended the child. */
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/**
 * Starts `node --import tsx <script>`: a TypeScript child process, as the app's CLIs run. Pass the
 * script as a URL beside the caller (`new URL('./child.ts', import.meta.url)`); the child runs in
 * the script's folder, so tsx finds that package's tsconfig.
 */
export function spawnTsChild(
  script: URL,
  args: readonly string[],
  { env }: { env?: Record<string, string> } = {},
): ChildProcessWithoutNullStreams {
  const path = fileURLToPath(script);
  return spawn(process.execPath, ['--import', 'tsx', path, ...args], {
    cwd: dirname(path),
    stdio: 'pipe',
    env: { ...process.env, ...env },
  });
}

/** Resolves once the child has exited, with what it wrote. */
export function exited(child: ChildProcessWithoutNullStreams): Promise<ChildOutcome> {
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}

/** Runs a child script to completion and answers its stdout; rejects with its stderr when it fails. */
export async function runTsChild(
  script: URL,
  args: readonly string[],
  options: { env?: Record<string, string> } = {},
): Promise<string> {
  const { code, stdout, stderr } = await exited(spawnTsChild(script, args, options));
  if (code !== 0)
    throw new Error(`${basename(fileURLToPath(script))} exited with ${code}: ${stderr}`);
  return stdout;
}
