import type { ChildProcess } from 'node:child_process';

/** Resolves once `child` has exited (at once when it has already). */
export function childExited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', () => resolve()));
}
