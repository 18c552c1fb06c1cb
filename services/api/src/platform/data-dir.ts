import { accessSync, constants, mkdirSync, statSync } from 'node:fs';
import { resolve } from 'node:path';

/** Creates DATA_DIR when missing; answers a reason (or throws) when it is not writable. */
export function ensureDataDir(dir: string, options: { throwing?: boolean } = {}): string | null {
  try {
    mkdirSync(dir, { recursive: true });
    accessSync(dir, constants.W_OK);
    return null;
  } catch (error) {
    const reason = `DATA_DIR ${dir} is not writable: ${(error as Error).message}`;
    if (options.throwing ?? true) throw new Error(reason);
    return reason;
  }
}

/** Kernel file systems: SQLite and mkdir there fail or hang rather than store anything. */
const VIRTUAL_ROOTS = ['/proc', '/sys', '/dev'];

/**
 * Why `dir` cannot hold the data (a message after "DATA_DIR"), or undefined when it can be tried:
 * checked before any work, so a bad value is one line rather than a hang or a stack trace.
 */
export function dataDirProblem(dir: string): string | undefined {
  const full = resolve(dir);
  if (VIRTUAL_ROOTS.some((root) => full === root || full.startsWith(`${root}/`)))
    return `must be a directory on a disk, not under /${full.split('/')[1]}`;
  try {
    if (!statSync(full).isDirectory()) return 'must be a directory, not a file';
  } catch {
    // Not there yet: it is created at start.
  }
  return undefined;
}
