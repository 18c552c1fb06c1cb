import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Role } from '#api/app/roles';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

export interface RoleProcess {
  role: Role;
  url: string;
  /** Everything the process wrote, stdout and stderr. */
  output(): string;
  /** Resolves with the exit code (null after a signal) once the process has exited. */
  exited: Promise<number | null>;
  signal(signal: NodeJS.Signals): void;
}

/**
 * One process of the topology, as production runs it: `main.ts <role>` in its own Node process
 * (through tsx), on `port`, ready once `/api/ready` answers 200. Used by the multi-process specs
 * and by `npm run scale:local`.
 */
export async function startRole(
  role: Role,
  port: number,
  env: Record<string, string>,
  {
    readyTimeoutMs = 60_000,
    onOutput,
    descriptorLimit,
  }: {
    readyTimeoutMs?: number;
    onOutput?: (chunk: string) => void;
    /** Runs the process under this open-file limit (soft and hard), as a small host would. */
    descriptorLimit?: number;
  } = {},
): Promise<RoleProcess> {
  const node = [process.execPath, '--import', 'tsx', 'services/api/src/app/main.ts', role];
  const [command, ...args] =
    descriptorLimit === undefined
      ? node
      : ['prlimit', `--nofile=${descriptorLimit}:${descriptorLimit}`, ...node];
  const child: ChildProcess = spawn(command!, args, {
    cwd: repoRoot,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const take = (chunk: string) => {
    output += chunk;
    onOutput?.(chunk);
  };
  child.stdout!.setEncoding('utf8').on('data', take);
  child.stderr!.setEncoding('utf8').on('data', take);
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const url = `http://127.0.0.1:${port}`;
  let gone = false;
  void exited.then(() => (gone = true));
  for (const deadline = Date.now() + readyTimeoutMs; ;) {
    if (gone) throw new Error(`the ${role} process exited before it was ready:\n${output}`);
    const ready = await fetch(`${url}/api/ready`).catch(() => undefined);
    if (ready?.ok) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the ${role} process was not ready within ${readyTimeoutMs} ms:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    role,
    url,
    output: () => output,
    exited,
    signal: (signal) => {
      if (!gone) child.kill(signal);
    },
  };
}
