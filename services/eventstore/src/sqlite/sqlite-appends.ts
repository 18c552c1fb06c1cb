import type { Database } from 'better-sqlite3';
import type { EventCatalog } from '@whosright/contracts/shared/events';
import { prepareEvents, type PreparedEvent } from '../event-codec';
import type { AppendResult, EventStore, StreamAppend } from '../port';
import type { WrittenAppend } from './announce-appends';
import { appendTransactions } from './append-transactions';
import { GroupCommit } from './group-commit';
import { guarded, translated } from './sqlite-errors';

/**
 * `append` and `appendAll`: events checked and serialized, written in a transaction, and then
 * announced to subscriptions (`announce`). A lone `append` commits at once; concurrent
 * `appendAll` calls share a commit (see GroupCommit), unless the caller holds a transaction on
 * the connection, which they then join.
 */
export function sqliteAppends(
  db: Database,
  catalog: EventCatalog,
  announce: (written: readonly WrittenAppend[]) => void,
): Pick<EventStore, 'append'> & Required<Pick<EventStore, 'appendAll'>> {
  const transactions = appendTransactions(db);
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
  const grouped = new GroupCommit(db, transactions.appendAll, (committed) =>
    announce(
      committed.flatMap(({ args: [appends, prepared], value }) =>
        written(appends, prepared, value),
      ),
    ),
  );

  return {
    async append(stream, events, expected) {
      const prepared = prepareEvents(catalog, events);
      const result = guarded(() => transactions.append.immediate(stream, prepared, expected));
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
