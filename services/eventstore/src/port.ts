import type { EventMetadata } from '@whosright/contracts/shared/events';
import type { Forgotten as ContractsForgotten } from '@whosright/contracts/shared/forgetting';

/**
 * The event store port: one ordered log of streams, appended with an expected revision (optimistic
 * concurrency). Every adapter (SQLite, PostgreSQL, KurrentDB) passes the same contract suite.
 * Positions and revisions are bigint end to end.
 */

/** The stream state a decision was made on. A bigint is the exact last revision (0-based). */
export type ExpectedRevision = 'any' | 'no_stream' | 'exists' | bigint;

/** Metadata the caller supplies; `recordedAt` defaults to the append time. */
export type NewEventMetadata = Omit<EventMetadata, 'recordedAt'> & { recordedAt?: string };

export interface NewEvent<TType extends string = string, TData = unknown> {
  /** Time-ordered id (UUIDv7). Generated when absent; re-sending the same ids is idempotent. */
  id?: string;
  type: TType;
  data: TData;
  metadata: NewEventMetadata;
}

export interface RecordedEvent<TType extends string = string, TData = unknown> {
  id: string;
  stream: string;
  type: TType;
  /** Parsed through the event's zod schema, upcast to its current version. */
  data: TData;
  metadata: EventMetadata;
  /** 0-based revision of this event in its stream. */
  revision: bigint;
  /** Global position in the log: strictly increasing across all streams. */
  position: bigint;
}

export interface AppendResult {
  /** Revision of the last event now in the stream. */
  nextRevision: bigint;
  /** Global position of the last appended event. */
  position: bigint;
}

/** One stream's part of `appendAll`. */
export interface StreamAppend {
  stream: string;
  events: readonly NewEvent[];
  expected: ExpectedRevision;
}

export interface ReadStreamOptions {
  /** Revision to start at (inclusive); default: the start for forwards, the end for backwards. */
  from?: bigint;
  direction?: 'forwards' | 'backwards';
  limit?: number;
}

export interface EventFilter {
  /** Only events of these types. */
  eventTypes?: readonly string[];
  /** Only events in streams whose name starts with one of these prefixes, e.g. 'story-'. */
  streamPrefixes?: readonly string[];
}

export interface ReadAllOptions {
  /** Start after this global position (exclusive, a checkpoint); default: the start. */
  after?: bigint;
  /** Stop after events recorded at or before this ISO time. */
  until?: string;
  filter?: EventFilter;
  limit?: number;
}

export type CountEventsOptions = Pick<ReadAllOptions, 'until' | 'filter'>;

export interface SubscribeOptions {
  /** Deliver events after this global position (exclusive); default: from the start. */
  after?: bigint;
  filter?: EventFilter;
  /** How often a checkpoint is emitted while the filter matches nothing. */
  checkpointIntervalMs?: number;
}

export type SubscriptionMessage =
  | { kind: 'event'; event: RecordedEvent }
  /** Everything up to `position` has been delivered; later events arrive live. */
  | { kind: 'caughtUp'; position: bigint }
  /** Nothing matching up to `position`: safe to store as a checkpoint. */
  | { kind: 'checkpoint'; position: bigint };

export interface Subscription extends AsyncIterable<SubscriptionMessage> {
  close(): Promise<void>;
  /**
   * The consumer has applied every event up to `position` by other means (inside the append's
   * transaction): the subscription need not deliver them, nor wake up for them. Only stores that
   * wake subscriptions themselves implement it; elsewhere the events arrive and are passed over.
   */
  skipTo?(position: bigint): void;
}

export interface EventStore {
  append(
    stream: string,
    events: readonly NewEvent[],
    expected: ExpectedRevision,
  ): Promise<AppendResult>;
  /**
   * Appends to several streams in one step: every expectation holds and everything is written,
   * in order, or nothing is (the first failure is thrown). Only stores that can do this
   * atomically offer it (SQLite, PostgreSQL); elsewhere callers append one stream after the
   * other.
   */
  appendAll?(appends: readonly StreamAppend[]): Promise<AppendResult[]>;
  readStream(stream: string, options?: ReadStreamOptions): AsyncIterable<RecordedEvent>;
  readAll(options?: ReadAllOptions): AsyncIterable<RecordedEvent>;
  subscribeAll(options?: SubscribeOptions): Subscription;
  /** Global position of the last event in the log (0n when empty). */
  headPosition(): Promise<bigint>;
  /**
   * How many events `readAll({ until, filter })` would read (the whole log without either): a
   * replay's total. Only stores that can count without reading the events offer it (SQLite,
   * PostgreSQL).
   */
  countEvents?(options?: CountEventsOptions): Promise<number>;
  /**
   * The events with these ids, in log order (those not in the log are left out): how a keyed
   * write finds what an earlier attempt of it appended. Only stores that index event ids offer
   * it (SQLite, PostgreSQL).
   */
  eventsById?(ids: readonly string[]): Promise<RecordedEvent[]>;
  close(): Promise<void>;
}

/** Reading the log, never writing to it. */
export type LogReader = Pick<
  EventStore,
  'readStream' | 'readAll' | 'subscribeAll' | 'headPosition' | 'countEvents'
>;

declare const forgettingBrand: unique symbol;

/** The members who deleted their accounts, and the stories and comments they wrote. */
export type Forgotten = ContractsForgotten;

/**
 * The log as people may see it: read-only, with the personal fields of members who deleted their
 * account forgotten. Only `forgettingEventStore` makes one, so code that shows what it reads to
 * anybody (histories, exports, replays, read models) cannot be handed the raw log by mistake.
 */
export interface ForgettingLog extends LogReader {
  readonly [forgettingBrand]: true;
  /**
   * Events just appended, as this log shows them, from what it knows now (no read): for a step
   * that runs inside the append's transaction, where nothing may wait.
   */
  shownNow(events: readonly RecordedEvent[]): RecordedEvent[];
  /**
   * Who is forgotten now: the registry this log forgets by, caught up first. What was kept from
   * the log before a member left (a replay's rows) is forgotten by the same answer.
   */
  forgotten(): Promise<Forgotten>;
  close(): Promise<void>;
}
