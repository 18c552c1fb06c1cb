import { DuplicateEventId, EventStoreUnavailable } from '../errors';

/** Runs a database operation, its SQLite errors turned into the port's (see `translated`). */
export function guarded<T>(operation: () => T): T {
  try {
    return operation();
  } catch (error) {
    throw translated(error);
  }
}

/** SQLITE_BUSY (the busy timeout ran out behind another writer) becomes a retryable error. */
export function translated(error: unknown): unknown {
  const code = (error as { code?: unknown }).code;
  if (
    typeof code === 'string' &&
    (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED'))
  ) {
    return new EventStoreUnavailable(`SQLite database is busy: ${(error as Error).message}`, {
      cause: error,
    });
  }
  if (code === 'SQLITE_CONSTRAINT_UNIQUE' && /events\.id/.test((error as Error).message)) {
    return new DuplicateEventId((error as Error).message);
  }
  return error;
}
