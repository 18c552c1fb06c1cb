import type { Database, Transaction } from 'better-sqlite3';

type Outcome<R> = { value: R } | { error: unknown };

/**
 * Commits requested during one turn of the event loop run together, in one transaction, each
 * in its own savepoint: a commit that fails rolls back alone and rejects alone; if the
 * transaction itself cannot begin or commit, every commit in it rejects and nothing is written.
 * Under load many writers commit at nearly the same time (projections after each append,
 * concurrent requests); one transaction spares SQLite writing the same pages once per commit.
 * The cost is one turn of the event loop before a commit happens.
 */
export class GroupCommit<A extends unknown[], R> {
  private queued: Array<{
    args: A;
    resolve: (value: R) => void;
    reject: (error: unknown) => void;
  }> = [];
  private readonly together: Transaction<(run: () => void) => void>;

  constructor(
    db: Database,
    /** One commit; a transaction function of its own, so inside the shared one it becomes a savepoint. */
    private readonly commitOne: (...args: A) => R,
    /** Runs once the shared transaction has committed, before any caller hears of it. */
    private readonly afterCommit: (committed: Array<{ args: A; value: R }>) => void = () =>
      undefined,
  ) {
    this.together = db.transaction((run: () => void) => run());
  }

  commit(...args: A): Promise<R> {
    return new Promise((resolve, reject) => {
      if (this.queued.push({ args, resolve, reject }) === 1) setImmediate(() => this.flush());
    });
  }

  private flush(): void {
    const queued = this.queued;
    this.queued = [];
    const outcomes: Array<Outcome<R>> = [];
    try {
      this.together.immediate(() => {
        for (const { args } of queued) {
          try {
            outcomes.push({ value: this.commitOne(...args) });
          } catch (error) {
            outcomes.push({ error });
          }
        }
      });
    } catch (error) {
      for (const { reject } of queued) reject(error);
      return;
    }
    this.afterCommit(
      queued.flatMap(({ args }, i) =>
        'value' in outcomes[i]! ? [{ args, value: outcomes[i].value }] : [],
      ),
    );
    queued.forEach(({ resolve, reject }, i) => {
      const outcome = outcomes[i]!;
      if ('error' in outcome) reject(outcome.error);
      else resolve(outcome.value);
    });
  }
}
