import type { Database } from 'better-sqlite3';
import type { EventCatalog } from '@whosright/contracts/shared/events';
import { prepareEvents, type PreparedEvent } from '../event-codec';
import type { AppendResult, EventStore, ExpectedRevision, StreamAppend } from '../port';
import { recordedOf, type WrittenAppend } from './announce-appends';
import { appendTransactions } from './append-transactions';
import { GroupCommit } from '@whosright/sqlite/group-commit';
import type { AfterTransaction, InTransactionStep } from './in-transaction';
import { guarded, translated } from './sqlite-errors';

/**
 * `append` and `appendAll`: events checked and serialized, written in a transaction, and then
 * announced to subscriptions (`announce`). A lone `append` commits at once; concurrent
 * `appendAll` calls share a commit (see GroupCommit), unless the caller holds a transaction on
 * the connection, which they then join. `inTransaction` (when set) runs inside each append's
 * transaction with the events it wrote (not inside a caller's transaction: it could roll back).
 */
export function sqliteAppends(
  db: Database,
  catalog: EventCatalog,
  announce: (written: readonly WrittenAppend[]) => void,
  inTransaction: () => InTransactionStep | undefined = () => undefined,
): Pick<EventStore, 'append'> & Required<Pick<EventStore, 'appendAll'>> {
  const transactions = appendTransactions(db);
  const lastPosition = db.prepare<[], number | null>('SELECT max(position) FROM events').pluck();
  /** Runs `write` and then the in-transaction step on the events it added. */
  const withStep = (write: () => WrittenAppend[]): AfterTransaction | undefined => {
    const step = inTransaction();
    if (!step) {
      write();
      return undefined;
    }
    const before = BigInt(lastPosition.get() ?? 0);
    // An acknowledged retry answers events written before: only new ones are stepped over.
    const added = write()
      .flatMap((w) => (w.prepared.length ? recordedOf(w) : []))
      .filter((event) => event.position > before);
    return added.length ? step(added, before) : undefined;
  };
  /** What the last lone append's step asked to hear (set inside its transaction). */
  const loneStep: { after?: AfterTransaction | undefined } = {};
  const takeLoneAfter = (): AfterTransaction | undefined => {
    const { after } = loneStep;
    loneStep.after = undefined;
    return after;
  };
  const lone = db.transaction(
    (stream: string, prepared: PreparedEvent[], expected: ExpectedRevision): AppendResult => {
      let result!: AppendResult;
      loneStep.after = withStep(() => {
        result = transactions.append(stream, prepared, expected);
        return [{ stream, prepared, result }];
      });
      return result;
    },
  );
  const written = (
    appends: readonly StreamAppend[],
    prepared: PreparedEvent[][],
    results: AppendResult[],
  ): WrittenAppend[] =>
    appends.map((append, i) => ({
      stream: append.stream,
      prepared: prepared[i]!,
      result: results[i]!,
    }));
  const writtenBy = (
    committed: Array<{ args: [readonly StreamAppend[], PreparedEvent[][]]; value: AppendResult[] }>,
  ) =>
    committed.flatMap(({ args: [appends, prepared], value }) => written(appends, prepared, value));
  const grouped = new GroupCommit(
    db,
    transactions.appendAll,
    (committed) => announce(writtenBy(committed)),
    (commits) => withStep(() => writtenBy(commits())),
  );

  return {
    async append(stream, events, expected) {
      const prepared = prepareEvents(catalog, events);
      if (db.inTransaction) {
        const result = guarded(() => transactions.append(stream, prepared, expected));
        announce([{ stream, prepared, result }]);
        return Promise.resolve(result);
      }
      let result: AppendResult;
      try {
        result = guarded(() => lone.immediate(stream, prepared, expected));
      } catch (error) {
        takeLoneAfter()?.rolledBack();
        throw error;
      }
      takeLoneAfter()?.committed();
      announce([{ stream, prepared, result }]);
      return Promise.resolve(result);
    },

    async appendAll(appends) {
      const prepared = appends.map((append) => prepareEvents(catalog, append.events));
      if (!db.inTransaction) {
        return grouped.commit(appends, prepared).catch((error: unknown) => {
          throw translated(error);
        });
      }
      const results = guarded(() => transactions.appendAll(appends, prepared));
      announce(written(appends, prepared, results));
      return results;
    },
  };
}
