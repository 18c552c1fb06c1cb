import { readFileSync } from 'node:fs';

/** Linux's usual default soft limit, assumed where the limit cannot be read. */
export const FALLBACK_DESCRIPTOR_LIMIT = 1024;
/** Linux's default ceiling (`fs.nr_open`); an "unlimited" soft limit is treated as this. */
const UNLIMITED = 1_048_576;

/** The soft "Max open files" of a `/proc/<pid>/limits` text, or undefined when it has none. */
export function parseDescriptorLimit(limits: string): number | undefined {
  const match = /^Max open files\s+(\S+)\s+\S+/m.exec(limits);
  if (!match) return undefined;
  if (match[1] === 'unlimited') return UNLIMITED;
  const soft = Number(match[1]);
  return Number.isSafeInteger(soft) && soft > 0 ? soft : undefined;
}

export interface DescriptorLimit {
  limit: number;
  /** Where it came from: the kernel's view of this process, or the assumed default. */
  source: 'proc' | 'fallback';
}

/**
 * How many descriptors (sockets, files) this process may hold open, read once at start. Node
 * raises its soft limit to the hard one as it starts, so this is the figure that counts. Where
 * `/proc` is missing (macOS, some containers) the common default is assumed, which errs on the
 * side of refusing connections early rather than running out.
 */
export function readDescriptorLimit(
  read: () => string = () => readFileSync('/proc/self/limits', 'utf8'),
): DescriptorLimit {
  try {
    const limit = parseDescriptorLimit(read());
    if (limit !== undefined) return { limit, source: 'proc' };
  } catch {
    // No /proc: the fallback below.
  }
  return { limit: FALLBACK_DESCRIPTOR_LIMIT, source: 'fallback' };
}
