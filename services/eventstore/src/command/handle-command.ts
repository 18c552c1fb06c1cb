import { newEventId } from '../event-id';
import { WrongExpectedVersion } from '../errors';
import type { EventStore, ExpectedRevision, NewEventMetadata } from '../port';

/** A domain event as a decider sees it. */
export interface DomainEvent<TType extends string = string, TData = unknown> {
  type: TType;
  data: TData;
}

/** Pure decision logic for one stream (STYLE.md 3): no I/O, time comes from the command. */
export interface Decider<TState, TCommand, TEvent extends DomainEvent> {
  initialState(): TState;
  evolve(state: TState, event: TEvent): TState;
  decide(command: TCommand, state: TState): readonly TEvent[];
}

export interface HandleCommandOptions {
  metadata: NewEventMetadata;
  /** Decisions retried after a concurrent append to the same stream, beyond the first. */
  maxRetries?: number;
}

export interface CommandResult<TEvent extends DomainEvent> {
  /** What was appended, with ids; empty when the decision was "nothing to do". */
  events: Array<TEvent & { id: string }>;
  /** Stream revision after the command ('no_stream' when it still does not exist). */
  revision: bigint | 'no_stream';
  /** Global position of the last appended event, to wait for read models; undefined when nothing was appended. */
  position: bigint | undefined;
}

export class CommandRetriesExhausted extends Error {
  constructor(
    readonly stream: string,
    readonly attempts: number,
    options?: ErrorOptions,
  ) {
    super(`Gave up on ${stream} after ${attempts} conflicting attempts`, options);
    this.name = 'CommandRetriesExhausted';
  }
}

/** A stream's state folded up to `revision` ('no_stream': nothing yet). */
export interface FoldedStream<TState> {
  state: TState;
  revision: bigint | 'no_stream';
}

/**
 * The stream folded with `evolve`, and the revision a decision on it expects. Given a state
 * folded before, only the events after its revision are read and folded onto it.
 */
export async function foldStream<TState, TEvent extends DomainEvent>(
  store: EventStore,
  stream: string,
  decider: Pick<Decider<TState, never, TEvent>, 'initialState' | 'evolve'>,
  known?: FoldedStream<TState>,
): Promise<FoldedStream<TState>> {
  let state = known ? known.state : decider.initialState();
  let revision = known ? known.revision : 'no_stream';
  for await (const event of store.readStream(
    stream,
    revision === 'no_stream' ? {} : { from: revision + 1n },
  )) {
    // The store parsed the data through the event's zod schema: it is a TEvent.
    state = decider.evolve(state, { type: event.type, data: event.data } as TEvent);
    revision = event.revision;
  }
  return { state, revision };
}

/**
 * Read the stream, fold it with `evolve`, `decide`, append with the revision that was decided
 * on. A concurrent append to the stream makes the append fail; the decision is then taken again
 * on the fresh state (bounded), so nothing is ever applied twice or on stale state.
 */
export async function handleCommand<TState, TCommand, TEvent extends DomainEvent>(
  store: EventStore,
  stream: string,
  decider: Decider<TState, TCommand, TEvent>,
  command: TCommand,
  options: HandleCommandOptions,
): Promise<CommandResult<TEvent>> {
  const maxRetries = options.maxRetries ?? 3;
  for (let attempt = 0; ; attempt++) {
    const { state, revision } = await foldStream(store, stream, decider);
    const decided = decider.decide(command, state);
    if (decided.length === 0) return { events: [], revision, position: undefined };
    const events = decided.map((event) => ({ ...event, id: newEventId() }));
    const expected: ExpectedRevision = revision;
    try {
      const result = await store.append(
        stream,
        events.map((e) => ({ id: e.id, type: e.type, data: e.data, metadata: options.metadata })),
        expected,
      );
      return { events, revision: result.nextRevision, position: result.position };
    } catch (error) {
      if (!(error instanceof WrongExpectedVersion)) throw error;
      if (attempt >= maxRetries)
        throw new CommandRetriesExhausted(stream, attempt + 1, { cause: error });
    }
  }
}
