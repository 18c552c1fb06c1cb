import type { Pool } from 'pg';
import { CommitStatement } from './commit-statement';
import { named, namedQueries } from './named';
import { TurnBatch, type Asked } from '@whosright/eventstore/postgres/turn-batch';

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

type Queued = Asked<CommitParts, boolean>;

/**
 * Small commits asked for in one turn of the event loop travel as one statement, so one round
 * trip: after an append, every read model that handles its events commits at nearly the same
 * moment (a vote touches about ten). A statement is atomic, so if the shared one fails, each
 * commit runs again on its own and only the one at fault fails.
 */
export class CommitGroup {
  private readonly batch = new TurnBatch<CommitParts, boolean>((queued) => this.send(queued));

  constructor(private readonly pool: Pool) {}

  /** Whether the commit wrote its checkpoint row. */
  run(parts: CommitParts): Promise<boolean> {
    return this.batch.ask(parts);
  }

  private async send(queued: Queued[]): Promise<void> {
    if (queued.length === 1) {
      const [{ item, resolve }] = queued as [Queued];
      resolve(await this.alone(item));
      return;
    }
    try {
      await this.together(queued);
    } catch {
      for (const { item, resolve, reject } of queued) this.alone(item).then(resolve, reject);
    }
  }

  private async together(queued: readonly Queued[]): Promise<void> {
    const statement = new CommitStatement();
    const written = queued.map(({ item }) => item(statement));
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
