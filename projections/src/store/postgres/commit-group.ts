import type { Pool } from 'pg';
import { CommitStatement } from './commit-statement';
import { named, namedQueries } from './named';

/**
 * A shared statement's text depends on which commits met: a few dozen combinations in a run of
 * votes. The first hundred are prepared by name like a commit alone; the rest run unnamed.
 */
const namedGroup = namedQueries('wr_rm_group', 100);

/**
 * One commit's parts: adds them to `statement` and answers the name of the part that returns a
 * row when the commit wrote its checkpoint.
 */
export type CommitParts = (statement: CommitStatement) => string;

interface Queued {
  parts: CommitParts;
  resolve: (wrote: boolean) => void;
  reject: (error: unknown) => void;
}

/**
 * Small commits asked for in one turn of the event loop travel as one statement, so one round
 * trip: after an append, every read model that handles its events commits at nearly the same
 * moment (a vote touches about ten), and on PostgreSQL each round trip costs both processes a
 * context switch. A statement is atomic, so if the shared one fails, each commit runs again on
 * its own and only the one at fault fails.
 */
export class CommitGroup {
  private queued: Queued[] = [];

  constructor(private readonly pool: Pool) {}

  /** Whether the commit wrote its checkpoint row. */
  run(parts: CommitParts): Promise<boolean> {
    return new Promise((resolve, reject) => {
      if (this.queued.push({ parts, resolve, reject }) === 1) setImmediate(() => this.flush());
    });
  }

  private flush(): void {
    const queued = this.queued;
    this.queued = [];
    if (queued.length === 1) {
      const [only] = queued;
      this.alone(only!.parts).then(only!.resolve, only!.reject);
      return;
    }
    this.together(queued).catch(() => {
      for (const { parts, resolve, reject } of queued) this.alone(parts).then(resolve, reject);
    });
  }

  private async together(queued: readonly Queued[]): Promise<void> {
    const statement = new CommitStatement();
    const written = queued.map(({ parts }) => parts(statement));
    const select = written.map((name) => `EXISTS (SELECT 1 FROM ${name})`).join(', ');
    const { rows } = await this.pool.query<boolean[]>(
      namedGroup(statement.text(`SELECT ${select}`), statement.values),
    );
    queued.forEach(({ resolve }, i) => resolve(rows[0]![i]!));
  }

  private async alone(parts: CommitParts): Promise<boolean> {
    const statement = new CommitStatement();
    const written = parts(statement);
    const { rows } = await this.pool.query<[boolean]>(
      named(statement.text(`SELECT EXISTS (SELECT 1 FROM ${written})`), statement.values),
    );
    return rows[0]![0];
  }
}
