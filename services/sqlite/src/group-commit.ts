import type { Database, Transaction } from 'better-sqlite3';
import type { AfterTransaction } from './after-transaction';

type Outcome<R> = { value: R } | { error: unknown };

/**
 * Wraps the commits of one shared transaction, inside it: `commits` runs them and answers those
 * that succeeded; what `around` then writes commits or rolls back with them, and its answer hears
 * which.
 */
export type AroundCommits<A extends unknown[], R> = (
  commits: () => Array<{ args: A; value: R }>,
) => AfterTransaction | undefined;

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
    private readonly around: AroundCommits<A, R> = (commits) => {
      commits();
      return undefined;
    },
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
    const succeeded = () =>
      queued.flatMap(({ args }, i) =>
        'value' in outcomes[i]! ? [{ args, value: outcomes[i].value }] : [],
      );
    let after: AfterTransaction | undefined;
    try {
      this.together.immediate(() => {
        after = this.around(() => {
          for (const { args } of queued) {
            try {
              outcomes.push({ value: this.commitOne(...args) });
            } catch (error) {
              outcomes.push({ error });
            }
          }
          return succeeded();
        });
      });
    } catch (error) {
      after?.rolledBack();
      for (const { reject } of queued) reject(error);
      return;
    }
    after?.committed();
    this.afterCommit(succeeded());
    queued.forEach(({ resolve, reject }, i) => {
      const outcome = outcomes[i]!;
      if ('error' in outcome) reject(outcome.error);
      else resolve(outcome.value);
    });
  }
}
