import { newEventId } from '../event-id';
import { DuplicateEventId, WrongExpectedVersion } from '../errors';
import type {
  AppendResult,
  EventStore,
  NewEventMetadata,
  RecordedEvent,
  StreamAppend,
} from '../port';
import type { Decider, DomainEvent } from './decider';
import { foldStream, type FoldedStream } from './fold-stream';

/** Where a command's stream state comes from when the command names no `fold` of its own. */
export type FoldSource = <S>(
  decider: Pick<Decider<S, never, DomainEvent>, 'initialState' | 'evolve'>,
) => (stream: string) => Promise<FoldedStream<S>>;

export interface DecideOptions {
  metadata: NewEventMetadata;
  /** Cached folds (e.g. the command bus's, one per decider); default: fold from the store. */
  folds?: FoldSource;
  /** Decisions retried after a concurrent append to the same stream, beyond the first. */
  maxRetries?: number;
  /**
   * How long to wait before retry number `retry` (1 for the first); by default none. Writers in
   * other processes that keep colliding on one stream spread out when each waits a random while.
   */
  retryDelayMs?: (retry: number) => number;
  /** A write its client may send again (an Idempotency-Key): see KeyedAppend. */
  keyed?: KeyedAppend;
}

/**
 * An append its retries must find rather than repeat, whatever the timing (a crash before the
 * answer was kept included): its events get ids derived from the write's key, and an attempt
 * that finds them in the log answers what was appended then, deciding nothing again.
 */
export interface KeyedAppend {
  /** The id of this append's `index`th event. */
  eventId(index: number): string;
  /** What an earlier attempt of this append wrote, in log order (empty: nothing yet). */
  earlier(): Promise<RecordedEvent[]>;
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

/** A command on its stream, its decider's types hidden so commands on different streams travel together. */
export interface StreamCommand<TEvent extends DomainEvent = DomainEvent> {
  stream: string;
  /** Reads the stream's state and decides: the events to append and the revision they expect. */
  decide(
    store: EventStore,
    attempt: number,
    folds?: FoldSource,
  ): Promise<{ events: readonly TEvent[]; revision: bigint | 'no_stream' }>;
  /** A precondition: its revision is checked at the append even when it appends nothing. */
  guard?: boolean;
}

export interface CommandOnOptions<TState> {
  /**
   * The stream usually does not exist yet (one vote per user and story): the first attempt
   * decides on the initial state without reading it and appends expecting no stream; if the
   * stream does exist, that append conflicts and the next attempt reads it as usual.
   */
  expectNew?: boolean;
  /**
   * Where the state to decide on comes from (default: the stream folded from the store), e.g. a
   * cache that catches up from the revision it knows. A stale answer only costs a conflict: the
   * append expects the revision it answered, and the next attempt asks again.
   */
  fold?: (stream: string) => Promise<FoldedStream<TState>>;
  /**
   * The command is a precondition on this stream (e.g. "the user is not banned"): with the
   * others in one `appendAll`, the append also expects this stream's revision, so an event
   * appended to it after the decision (a ban) makes the whole append conflict and decide again.
   * Stores without `appendAll` check it just before the others' appends.
   */
  guard?: boolean;
}

export function commandOn<TState, TCommand, TEvent extends DomainEvent>(
  stream: string,
  decider: Decider<TState, TCommand, TEvent>,
  command: TCommand,
  options: CommandOnOptions<TState> = {},
): StreamCommand<TEvent> {
  return {
    stream,
    ...(options.guard ? { guard: true } : {}),
    async decide(store, attempt, folds) {
      const fold =
        options.fold ?? folds?.(decider) ?? ((name: string) => foldStream(store, name, decider));
      const { state, revision } =
        options.expectNew && attempt === 0
          ? { state: decider.initialState(), revision: 'no_stream' as const }
          : await fold(stream);
      return { events: decider.decide(command, state), revision };
    },
  };
}

/**
 * Commands on several streams. Where the store can append to several streams in one step
 * (`appendAll`) it is all or nothing: every stream is read and decided, everything is appended
 * together with the revisions decided on, and a concurrent append to any of them decides them
 * all again (bounded). A decider that refuses throws before anything is written. Elsewhere each
 * command is decided, appended and retried on its own, in order, each only once the one before
 * succeeded.
 */
export async function decideMany<TEvent extends DomainEvent = DomainEvent>(
  store: EventStore,
  commands: ReadonlyArray<StreamCommand<TEvent>>,
  options: DecideOptions,
): Promise<Array<CommandResult<TEvent>>> {
  const { keyed } = options;
  const found = keyed && (await keyed.earlier());
  if (found?.length) return resultsOfEarlier<TEvent>(commands, found);
  try {
    if (store.appendAll) {
      const appendAll = store.appendAll.bind(store);
      return await decideAndAppend(store, commands, options, (appends) => appendAll(appends), 0);
    }
    const results: Array<CommandResult<TEvent>> = [];
    let offset = 0;
    for (const command of commands) {
      const [result] = await decideAndAppend(store, [command], options, appendEach(store), offset);
      offset += result!.events.length;
      results.push(result!);
    }
    return results;
  } catch (error) {
    // Another attempt of the same keyed write appended first (it ran on after its claim lapsed).
    const raced = keyed && error instanceof DuplicateEventId && (await keyed.earlier());
    if (raced && raced.length) return resultsOfEarlier<TEvent>(commands, raced);
    throw error;
  }
}

/** Each command's result as an earlier attempt appended it: its stream's events among them. */
function resultsOfEarlier<TEvent extends DomainEvent>(
  commands: ReadonlyArray<StreamCommand<TEvent>>,
  earlier: readonly RecordedEvent[],
): Array<CommandResult<TEvent>> {
  return commands.map(({ stream }) => {
    const own = earlier.filter((event) => event.stream === stream);
    const last = own.at(-1);
    return {
      events: own.map(({ id, type, data }) => ({ id, type, data }) as TEvent & { id: string }),
      revision: last?.revision ?? 'no_stream',
      position: last?.position,
    };
  });
}

/** Appends to one stream after the other, for stores without `appendAll`. */
function appendEach(store: EventStore) {
  return async (appends: readonly StreamAppend[]): Promise<AppendResult[]> => {
    const results: AppendResult[] = [];
    for (const { stream, events, expected } of appends)
      results.push(await store.append(stream, events, expected));
    return results;
  };
}

/**
 * Every command decided at once, so their streams are read side by side (a store may send the
 * reads together). A refusal is the first in the commands' order, whichever came first.
 */
async function decidedTogether<TEvent extends DomainEvent>(
  store: EventStore,
  commands: ReadonlyArray<StreamCommand<TEvent>>,
  attempt: number,
  folds: FoldSource | undefined,
) {
  const settled = await Promise.allSettled(
    commands.map((command) => command.decide(store, attempt, folds)),
  );
  return settled.map((outcome, i) => {
    if (outcome.status === 'rejected') throw outcome.reason;
    const { stream, guard } = commands[i]!;
    return { stream, guard, decided: outcome.value };
  });
}

/**
 * The one read-decide-append loop: decides every command, appends what they decided with the
 * revisions they decided on, and on a conflict decides them all again on fresh state (bounded),
 * so nothing is ever applied twice or on stale state.
 */
async function decideAndAppend<TEvent extends DomainEvent>(
  store: EventStore,
  commands: ReadonlyArray<StreamCommand<TEvent>>,
  options: DecideOptions,
  append: (appends: readonly StreamAppend[]) => Promise<AppendResult[]>,
  offset: number,
): Promise<Array<CommandResult<TEvent>>> {
  const maxRetries = options.maxRetries ?? 3;
  const eventId = options.keyed
    ? (index: number) => options.keyed!.eventId(offset + index)
    : () => newEventId();
  let numbered = 0;
  for (let attempt = 0; ; attempt++) {
    numbered = 0;
    const decisions = (await decidedTogether(store, commands, attempt, options.folds)).map(
      ({ stream, guard, decided: { events, revision } }) => ({
        stream,
        revision,
        guard: guard === true,
        events: events.map((event) => ({ ...event, id: eventId(numbered++) })),
      }),
    );
    const appending = decisions.some((d) => d.events.length > 0);
    // Guards first, so stores without appendAll check them before appending anything.
    const writing = appending
      ? [
          ...decisions.filter((d) => d.guard && d.events.length === 0),
          ...decisions.filter((d) => d.events.length > 0),
        ]
      : [];
    try {
      const appended = writing.length
        ? await append(
            writing.map((d) => ({
              stream: d.stream,
              expected: d.revision,
              events: d.events.map((e) => ({
                id: e.id,
                type: e.type,
                data: e.data,
                metadata: options.metadata,
              })),
            })),
          )
        : [];
      return decisions.map((d) => {
        const result = d.events.length > 0 ? appended[writing.indexOf(d)] : undefined;
        return {
          events: d.events,
          revision: result?.nextRevision ?? d.revision,
          position: result?.position,
        };
      });
    } catch (error) {
      if (!(error instanceof WrongExpectedVersion)) throw error;
      if (attempt >= maxRetries)
        throw new CommandRetriesExhausted(commands.map((c) => c.stream).join(', '), attempt + 1, {
          cause: error,
        });
      const delay = options.retryDelayMs?.(attempt + 1) ?? 0;
      if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}
