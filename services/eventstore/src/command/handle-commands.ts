import { newEventId } from '../event-id';
import { WrongExpectedVersion } from '../errors';
import type { EventStore } from '../port';
import {
  CommandRetriesExhausted,
  foldStream,
  type FoldedStream,
  handleCommand,
  type CommandResult,
  type Decider,
  type DomainEvent,
  type HandleCommandOptions,
} from './handle-command';

/** A command on its stream, its decider's types hidden so commands on different streams travel together. */
export interface StreamCommand {
  stream: string;
  /** Reads and folds the stream: the events the command decides and the revision they expect. */
  decide(
    store: EventStore,
    attempt: number,
  ): Promise<{ events: DomainEvent[]; revision: bigint | 'no_stream' }>;
  /** The one-stream path, for stores that cannot append to several streams in one step. */
  handle(store: EventStore, options: HandleCommandOptions): Promise<CommandResult<DomainEvent>>;
}

/**
 * `expectNew`: the stream usually does not exist yet (one vote per user and story), so the first
 * attempt decides on the initial state without reading it and appends expecting no stream; if
 * the stream does exist, that append conflicts and the next attempt reads it as usual.
 */
export function commandOn<TState, TCommand, TEvent extends DomainEvent>(
  stream: string,
  decider: Decider<TState, TCommand, TEvent>,
  command: TCommand,
  options: {
    expectNew?: boolean;
    /** Folds the stream for a decision (a cached state); default: read it all. */
    fold?: (stream: string) => Promise<FoldedStream<TState>>;
  } = {},
): StreamCommand {
  return {
    stream,
    async decide(store, attempt) {
      const { state, revision } =
        options.expectNew && attempt === 0
          ? { state: decider.initialState(), revision: 'no_stream' as const }
          : await (options.fold ? options.fold(stream) : foldStream(store, stream, decider));
      return { events: [...decider.decide(command, state)], revision };
    },
    handle(store, options) {
      return handleCommand(store, stream, decider, command, options);
    },
  };
}

/**
 * Commands on several streams, all or nothing where the store can append them in one step
 * (`appendAll`): each stream is folded and decided, everything is appended together with the
 * revisions decided on, and a concurrent append to any of them decides them all again (bounded).
 * A decider that refuses throws before anything is written. Elsewhere they run one after the
 * other, each only once the one before succeeded.
 */
export async function handleCommands(
  store: EventStore,
  commands: readonly StreamCommand[],
  options: HandleCommandOptions,
): Promise<Array<CommandResult<DomainEvent>>> {
  if (!store.appendAll) {
    const results: Array<CommandResult<DomainEvent>> = [];
    for (const command of commands) results.push(await command.handle(store, options));
    return results;
  }
  const maxRetries = options.maxRetries ?? 3;
  for (let attempt = 0; ; attempt++) {
    const decisions = [];
    for (const command of commands) {
      const { events, revision } = await command.decide(store, attempt);
      decisions.push({
        stream: command.stream,
        revision,
        events: events.map((event) => ({ ...event, id: newEventId() })),
      });
    }
    const writing = decisions.filter((d) => d.events.length > 0);
    try {
      const appended = writing.length
        ? await store.appendAll(
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
        const result = appended[writing.indexOf(d)];
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
    }
  }
}
