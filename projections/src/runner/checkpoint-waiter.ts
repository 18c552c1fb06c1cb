import type { ReadModelWriter } from '../store/port';
import { sleep } from './sleep';

export interface PositionWaiter {
  waitFor(
    position: bigint,
    projectionNames: readonly string[],
    timeoutMs?: number,
  ): Promise<boolean>;
}

/**
 * Read-your-writes in a process that does not run the projectors (scale mode: they run in their
 * own processes): polls the stored checkpoints of the projections' active copies. List only the
 * projections that handle the appended events: a projector persists its position for events it
 * ignores only about once a second.
 */
export function createCheckpointWaiter(
  readStore: ReadModelWriter,
  { pollMs = 20 }: { pollMs?: number } = {},
): PositionWaiter {
  async function reached(position: bigint, names: readonly string[]): Promise<boolean> {
    for (const name of names) {
      const active = await readStore.active(name);
      if (!active || ((await readStore.checkpoint(active)) ?? 0n) < position) return false;
    }
    return true;
  }
  return {
    async waitFor(position, projectionNames, timeoutMs = 2_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        if (await reached(position, projectionNames)) return true;
        if (Date.now() >= deadline) return false;
        await sleep(Math.min(pollMs, Math.max(1, deadline - Date.now())));
      }
    },
  };
}
