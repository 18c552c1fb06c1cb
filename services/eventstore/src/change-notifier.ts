/** What a waiter has already: every position up to this one (re-read at each notification). */
export type HasUpTo = () => bigint;

const HAS_NOTHING: HasUpTo = () => -1n;

/**
 * Whether the log changed since the last look, by means the store has (SQLite's `data_version`,
 * a server's head position). It throws or rejects when it cannot tell now: the next tick looks
 * again.
 */
export type ChangeCheck = () => boolean | Promise<boolean>;

/**
 * Wakes subscriptions when the log may have grown: at once when the store says so (`notify`:
 * its own appends, a server's notification; only waiters that do not have the new head yet),
 * and by polling `check` (appends by other processes) while anyone is waiting.
 */
export class ChangeNotifier {
  #version = 0;
  #waiters = new Map<() => void, HasUpTo>();
  #timer: NodeJS.Timeout | undefined;
  /** A check that answers later is still running: ticks meanwhile do not start another. */
  #checking = false;

  constructor(
    private readonly check: ChangeCheck,
    private readonly pollIntervalMs: number,
  ) {}

  /** A counter that grows on every change seen; pass it back to `waitForChange`. */
  get version(): number {
    return this.#version;
  }

  /**
   * The log may have grown, up to `head` when known: a waiter that already has `head` sleeps on
   * (its consumer applied those events in the append's transaction); unknown, everyone wakes.
   */
  notify(head?: bigint): void {
    this.#version++;
    for (const [wake, hasUpTo] of [...this.#waiters])
      if (head === undefined || hasUpTo() < head) wake();
    this.#updatePolling();
  }

  /**
   * Resolves once the version passes `seen` (for a change past `hasUpTo`), after `timeoutMs`, or
   * when `signal` aborts.
   */
  waitForChange(
    seen: number,
    timeoutMs: number | undefined,
    signal: AbortSignal,
    hasUpTo: HasUpTo = HAS_NOTHING,
  ): Promise<void> {
    if (this.#version !== seen || signal.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        this.#waiters.delete(done);
        this.#updatePolling();
        resolve();
      };
      const timer = timeoutMs === undefined ? undefined : setTimeout(done, timeoutMs);
      signal.addEventListener('abort', done, { once: true });
      this.#waiters.set(done, hasUpTo);
      this.#updatePolling();
    });
  }

  close(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
    const waiters = [...this.#waiters.keys()];
    this.#waiters.clear();
    for (const wake of waiters) wake();
  }

  #poll = (): void => {
    if (this.#checking) return;
    let changed: boolean | Promise<boolean>;
    try {
      changed = this.check();
    } catch {
      return; // database closed or busy: the next tick tries again
    }
    if (typeof changed === 'boolean') {
      if (changed) this.notify();
      return;
    }
    this.#checking = true;
    changed.then(
      (yes) => {
        this.#checking = false;
        if (yes) this.notify();
      },
      () => {
        this.#checking = false; // could not tell: the next tick looks again
      },
    );
  };

  #updatePolling(): void {
    if (this.#waiters.size > 0 && !this.#timer) {
      // The check's memory is deliberately not refreshed here: a commit made by another process
      // while nobody polled must still wake the waiter (a spurious wake-up only costs a read).
      this.#timer = setInterval(this.#poll, this.pollIntervalMs);
      this.#timer.unref();
    } else if (this.#waiters.size === 0 && this.#timer) {
      clearInterval(this.#timer);
      this.#timer = undefined;
    }
  }
}
