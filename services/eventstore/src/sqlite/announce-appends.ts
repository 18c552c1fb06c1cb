import type { Database } from 'better-sqlite3';
import type { PreparedEvent } from '../event-codec';
import type { AppendResult, RecordedEvent } from '../port';
import type { ChangeNotifier } from '../change-notifier';
import type { RecentEvents } from './recent-events';

/** One stream's events as appended, and what the append answered. */
export interface WrittenAppend {
  stream: string;
  prepared: PreparedEvent[];
  result: AppendResult;
}

/**
 * After a commit: subscriptions read what was just appended from memory, and wake up. Only
 * committed events may be served from memory: inside a caller's transaction (bulk loads) the
 * write could still roll back, so the memory is dropped instead.
 */
export function appendAnnouncer(
  db: Database,
  recent: RecentEvents,
  notifier: ChangeNotifier,
): (written: readonly WrittenAppend[]) => void {
  return (written) => {
    const appended = written.filter((w) => w.prepared.length > 0);
    if (!appended.length) return;
    if (db.inTransaction) recent.forget();
    else for (const w of appended) recent.record(recordedOf(w));
    notifier.notify(
      appended.reduce((head, w) => (w.result.position > head ? w.result.position : head), 0n),
    );
  };
}

/** The appended events as readers see them; an acknowledged retry (no new rows) records nothing. */
export function recordedOf({ stream, prepared, result }: WrittenAppend): RecordedEvent[] {
  const count = prepared.length;
  const firstRevision = result.nextRevision - BigInt(count - 1);
  const firstPosition = result.position - BigInt(count - 1);
  return prepared.map((event, i) => ({
    id: event.id,
    stream,
    type: event.type,
    data: event.data,
    metadata: event.metadata,
    revision: firstRevision + BigInt(i),
    position: firstPosition + BigInt(i),
  }));
}
