import {
  foldStream,
  type Decider,
  type DomainEvent,
  type FoldedStream,
} from '@whosright/eventstore/command/handle-command';
import type { EventStore } from '@whosright/eventstore/port';

/**
 * The folded state of many streams, for checks made before a command on another stream (is the
 * story approved before a vote on it?). Each read asks the store only for what came after the
 * revision this process last folded: usually nothing, one indexed lookup, instead of reading
 * and decoding the whole stream. Exact whoever appended: the store answers every read.
 * At most `maxStreams` are remembered, the oldest forgotten first.
 */
export class StreamStates<S, E extends DomainEvent> {
  private readonly known = new Map<string, FoldedStream<S>>();

  constructor(
    private readonly store: EventStore,
    private readonly decider: Pick<Decider<S, never, E>, 'initialState' | 'evolve'>,
    private readonly maxStreams = 10_000,
  ) {}

  async read(stream: string): Promise<S> {
    const { state, revision } = await foldStream(
      this.store,
      stream,
      this.decider,
      this.known.get(stream),
    );
    // A slower concurrent read may finish later with less: keep the furthest.
    const latest = this.known.get(stream);
    if (
      revision !== 'no_stream' &&
      (!latest || latest.revision === 'no_stream' || revision > latest.revision)
    ) {
      if (!latest && this.known.size >= this.maxStreams)
        this.known.delete(this.known.keys().next().value!);
      this.known.set(stream, { state, revision });
    }
    return state;
  }
}
