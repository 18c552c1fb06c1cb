import type { RecordedEvent } from '@whosright/eventstore/port';

/**
 * The read side's port for "apply in the append's transaction" (embedded mode): an event store
 * whose log shares the read store's database calls it after writing an append's events, inside
 * that transaction, and then tells how the transaction ended. The projections own this port;
 * the composition root plugs it into the SQLite event store, whose own step type it matches.
 */
export interface AfterAppend {
  /** The transaction committed: what was written with it is now what everybody reads. */
  committed(): void;
  /** The transaction rolled back: anything kept in memory about its writes is wrong now. */
  rolledBack(): void;
}

/** Applies `events` (the log's last position before them: `positionBefore`) in the append's transaction. */
export type ApplyInAppend = (
  events: readonly RecordedEvent[],
  positionBefore: bigint,
) => AfterAppend | undefined;
