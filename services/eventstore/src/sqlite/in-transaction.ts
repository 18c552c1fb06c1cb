import type { AfterTransaction } from '@whosright/sqlite/after-transaction';
import type { RecordedEvent } from '../port';

export type { AfterTransaction };

/**
 * Runs inside an append's SQLite transaction, after its events are written: `positionBefore` is
 * the last position of the log before them. Whatever it writes on the same connection commits or
 * rolls back with the events. It must not throw (it decides for itself what to skip).
 */
export type InTransactionStep = (
  events: readonly RecordedEvent[],
  positionBefore: bigint,
) => AfterTransaction | undefined;
