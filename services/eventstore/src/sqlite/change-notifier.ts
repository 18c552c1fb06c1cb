import type { Database, Statement } from 'better-sqlite3';

/** What a waiter has already: every position up to this one (re-read at each notification). */
export type HasUpTo = () => bigint;

const HAS_NOTHING: HasUpTo = () => -1n;

/**
 * Wakes subscriptions when the log may have grown: at once for appends made through this
 * connection (only those that do not have the new head yet), and by polling `PRAGMA
 * data_version` (which changes when another connection, e.g. an admin CLI in another process,
 * commits) while anyone is waiting.
 */
export class ChangeNotifier {
  #version = 0;
  #waiters = new Map<() => void, HasUpTo>();
  #timer: NodeJS.Timeout | undefined;
  #dataVersion: Statement<[], number>;
  #lastDataVersion: number;

  constructor(
    db: Database,
    private readonly pollIntervalMs: number,
  ) {
    this.#dataVersion = db.prepare<[], number>('PRAGMA data_version').pluck();
    this.#lastDataVersion = this.#dataVersion.get() ?? 0;
  }

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
    let current: number;
    try {
      current = this.#dataVersion.get() ?? 0;
    } catch {
      return; // database closed or busy: the next tick tries again
    }
    if (current !== this.#lastDataVersion) {
      this.#lastDataVersion = current;
      this.notify();
    }
  };

  #updatePolling(): void {
    if (this.#waiters.size > 0 && !this.#timer) {
      // #lastDataVersion is deliberately not refreshed here: a commit made by another process
      // while nobody polled must still wake the waiter (a spurious wake-up only costs a read).
      this.#timer = setInterval(this.#poll, this.pollIntervalMs);
      this.#timer.unref();
    } else if (this.#waiters.size === 0 && this.#timer) {
      clearInterval(this.#timer);
      this.#timer = undefined;
    }
  }
}

const notifiers = new WeakMap<Database, ChangeNotifier>();

/** One notifier per connection, so every store sharing a connection wakes on its appends. */
export function sharedNotifier(db: Database, pollIntervalMs: number): ChangeNotifier {
  let notifier = notifiers.get(db);
  if (!notifier) {
    notifier = new ChangeNotifier(db, pollIntervalMs);
    notifiers.set(db, notifier);
  }
  return notifier;
}

/** Stops the connection's notifier, for whoever is about to close the connection. */
export function closeSharedNotifier(db: Database): void {
  notifiers.get(db)?.close();
  notifiers.delete(db);
}
