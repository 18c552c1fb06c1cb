import { DuplicateEventId, EventStoreError, EventStoreUnavailable } from '../errors';

/** Network failures of the client itself (no SQLSTATE): the server cannot be reached now. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/**
 * SQLSTATEs that say "not now" rather than "never": connection exceptions (class 08), too many
 * connections, a server shutting down or starting, serialization failures and deadlocks.
 */
function retryableState(code: string): boolean {
  return (
    code.startsWith('08') ||
    ['53300', '57P01', '57P02', '57P03', '40001', '40P01'].includes(code) ||
    NETWORK_CODES.has(code)
  );
}

/** pg's own messages when a connection drops or the pool cannot hand one out in time. */
const LOST_CONNECTION =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended/i;

/** A PostgreSQL or pg error as the port's: retryable when the server is away, ids reused. */
export function translated(error: unknown): unknown {
  if (error instanceof EventStoreError || !(error instanceof Error)) return error;
  const { code, constraint, detail } = error as Error & {
    code?: unknown;
    constraint?: unknown;
    detail?: unknown;
  };
  if (code === '23505' && constraint === 'events_id') {
    const id =
      typeof detail === 'string' ? /^Key \(id\)=\((.*)\) already exists/.exec(detail) : null;
    return new DuplicateEventId(id?.[1] ?? error.message);
  }
  if ((typeof code === 'string' && retryableState(code)) || LOST_CONNECTION.test(error.message))
    return new EventStoreUnavailable(`PostgreSQL is unavailable: ${error.message}`, {
      cause: error,
    });
  return error;
}

/** Runs a database operation, its errors turned into the port's (see `translated`). */
export async function guarded<T>(operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    throw translated(error);
  }
}
