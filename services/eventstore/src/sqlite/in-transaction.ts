import type { RecordedEvent } from '../port';

/** What an in-transaction step does once the append's transaction has ended. */
export interface AfterTransaction {
  /** The transaction committed: what was written with it is now what everybody reads. */
  committed(): void;
  /** The transaction rolled back: anything kept in memory about its writes is wrong now. */
  rolledBack(): void;
}

/**
 * Runs inside an append's SQLite transaction, after its events are written: `positionBefore` is
 * the last position of the log before them. Whatever it writes on the same connection commits or
 * rolls back with the events. It must not throw (it decides for itself what to skip).
 */
export type InTransactionStep = (
  events: readonly RecordedEvent[],
  positionBefore: bigint,
) => AfterTransaction | undefined;
