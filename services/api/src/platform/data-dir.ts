import { accessSync, constants, mkdirSync } from 'node:fs';

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
