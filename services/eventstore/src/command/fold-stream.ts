import type { EventStore } from '../port';
import type { Decider, DomainEvent } from './decider';

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
