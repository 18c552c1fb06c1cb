import type { ExpectedRevision } from './port';

/** Largest serialized event (data + metadata JSON, UTF-8) the store accepts. */
export const MAX_EVENT_SIZE_BYTES = 256 * 1024;

/** Base of every event store error; `retryable` says whether trying again later may succeed. */
export abstract class EventStoreError extends Error {
  abstract readonly retryable: boolean;
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** The stream is not in the state the decision was made on. */
export class WrongExpectedVersion extends EventStoreError {
  readonly retryable = false;
  constructor(
    readonly stream: string,
    readonly expected: ExpectedRevision,
    /** Last revision in the stream, or 'no_stream'. */
    readonly actual: bigint | 'no_stream',
  ) {
    super(
      `Wrong expected version on ${stream}: expected ${String(expected)}, actual ${String(actual)}`,
    );
  }
}

export class UnknownEventType extends EventStoreError {
  readonly retryable = false;
  constructor(readonly eventType: string) {
    super(`Unknown event type "${eventType}": it is not in the event catalog`);
  }
}

export interface EventIssue {
  path: string;
  message: string;
}

/** Data or metadata that does not match the event's schema; nothing was written. */
export class InvalidEvent extends EventStoreError {
  readonly retryable = false;
  constructor(
    readonly eventType: string,
    readonly issues: readonly EventIssue[],
  ) {
    super(
      `Invalid ${eventType} event: ${issues.map((i) => `${i.path || '(root)'}: ${i.message}`).join('; ')}`,
    );
  }
}

export class EventTooLarge extends EventStoreError {
  readonly retryable = false;
  constructor(
    readonly eventType: string,
    readonly sizeBytes: number,
    readonly maxBytes: number = MAX_EVENT_SIZE_BYTES,
  ) {
    super(`Event ${eventType} is ${sizeBytes} bytes serialized, over the ${maxBytes} byte limit`);
  }
}

/** An event id reused for a different event (not a retry of the same append). */
export class DuplicateEventId extends EventStoreError {
  readonly retryable = false;
  constructor(readonly eventId: string) {
    super(`Event id ${eventId} is already stored as part of a different append`);
  }
}

/** The store cannot be reached right now (server down, deadline exceeded, database busy). */
export class EventStoreUnavailable extends EventStoreError {
  readonly retryable = true;
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
  }
}

export class EventStoreClosed extends EventStoreError {
  readonly retryable = false;
  constructor() {
    super('The event store is closed');
  }
}
