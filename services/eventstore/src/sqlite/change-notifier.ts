import type { Database } from 'better-sqlite3';
import { ChangeNotifier } from '../change-notifier';

/**
 * Whether another connection (an admin CLI in another process) committed since the last look:
 * SQLite changes `PRAGMA data_version` on every such commit.
 */
function dataVersionChanged(db: Database): () => boolean {
  const dataVersion = db.prepare<[], number>('PRAGMA data_version').pluck();
  let last = dataVersion.get() ?? 0;
  return () => {
    const current = dataVersion.get() ?? 0;
    if (current === last) return false;
    last = current;
    return true;
  };
}

const notifiers = new WeakMap<Database, ChangeNotifier>();

/**
 * One notifier per connection, so every store sharing a connection wakes on its appends; it polls
 * `data_version` for other connections' commits.
 */
export function sharedNotifier(db: Database, pollIntervalMs: number): ChangeNotifier {
  let notifier = notifiers.get(db);
  if (!notifier) {
    notifier = new ChangeNotifier(dataVersionChanged(db), pollIntervalMs);
    notifiers.set(db, notifier);
  }
  return notifier;
}

/** Stops the connection's notifier, for whoever is about to close the connection. */
export function closeSharedNotifier(db: Database): void {
  notifiers.get(db)?.close();
  notifiers.delete(db);
}
