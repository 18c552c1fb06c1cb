import {
  CancelledError,
  DeadlineExceededError,
  NotLeaderError,
  TimeoutError,
  UnavailableError,
  WrongExpectedVersionError,
} from '@kurrent/kurrentdb-client';
import { EventStoreError, EventStoreUnavailable, WrongExpectedVersion } from '../errors';
import type { ExpectedRevision } from '../port';

/** gRPC status codes that mean "try again later": DEADLINE_EXCEEDED, RESOURCE_EXHAUSTED, ABORTED, UNAVAILABLE. */
const RETRYABLE_GRPC_CODES = new Set([4, 8, 10, 14]);

export interface ErrorContext {
  operation: string;
  stream?: string;
  expected?: ExpectedRevision;
}

/**
 * Turns a client or server failure into the port's typed errors. Connection trouble becomes a
 * retryable EventStoreUnavailable (the append path of the client sometimes throws a bare gRPC
 * error with a numeric `code` instead of its own UnavailableError, so both are recognised).
 */
export function toEventStoreError(error: unknown, context: ErrorContext): unknown {
  if (error instanceof EventStoreError) return error;
  if (error instanceof WrongExpectedVersionError) {
    const actual = error.actualState;
    return new WrongExpectedVersion(
      context.stream ?? error.streamName,
      context.expected ?? 'any',
      typeof actual === 'bigint' ? actual : 'no_stream',
    );
  }
  if (
    error instanceof UnavailableError ||
    error instanceof DeadlineExceededError ||
    error instanceof TimeoutError ||
    error instanceof NotLeaderError ||
    error instanceof CancelledError ||
    (error instanceof Error &&
      RETRYABLE_GRPC_CODES.has((error as { code?: unknown }).code as number))
  ) {
    return new EventStoreUnavailable(
      `KurrentDB ${context.operation} failed: ${error.message.split('\n')[0]}`,
      { cause: error },
    );
  }
  return error;
}
