import type { StreamCommand } from '@whosright/eventstore/command/decide-many';

/**
 * The writes of this process that append to the same streams, taken one after the other. Many
 * members writing to one stream at once (reports on one story, one member's mark-read calls in
 * several tabs) would otherwise all decide on the same revision and all but one conflict, again
 * and again. A guard stream (`user-{id}`, `story-{id}`, only checked) is never a key: all the
 * votes on one story must not wait for each other.
 *
 * Each write waits for the writes queued before it on any of its streams, and only for those:
 * writes register in call order, so no two ever wait for each other.
 */
export class StreamQueue {
  /** Per stream, when the last write queued on it is done. */
  private readonly tails = new Map<string, Promise<void>>();

  /** Whether a write of this process holds or waits for a stream that `commands` append to. */
  busy(commands: readonly StreamCommand[]): boolean {
    for (const command of commands)
      if (!command.guard && this.tails.has(command.stream)) return true;
    return false;
  }

  /** Runs `work` once every write queued before it on the streams `commands` append to is done. */
  async run<T>(commands: readonly StreamCommand[], work: () => Promise<T>): Promise<T> {
    const streams = new Set(commands.filter((c) => !c.guard).map((c) => c.stream));
    const before: Array<Promise<void>> = [];
    let release!: () => void;
    const done = new Promise<void>((resolve) => (release = resolve));
    for (const stream of streams) {
      const tail = this.tails.get(stream);
      if (tail) before.push(tail);
      this.tails.set(stream, done);
    }
    try {
      await Promise.all(before);
      return await work();
    } finally {
      release();
      for (const stream of streams) if (this.tails.get(stream) === done) this.tails.delete(stream);
    }
  }
}
