import {
  foldStream,
  type Decider,
  type DomainEvent,
  type FoldedStream,
} from '@whosright/eventstore/command/decide-one';
import type { EventStore } from '@whosright/eventstore/port';

/**
 * The folded states of many streams, kept between commands. Each fold asks the store only for
 * what came after the revision this process folded last: usually nothing, one indexed lookup,
 * instead of reading and decoding the whole stream (the random pool holds every approved story;
 * a story's state is checked before every vote and view). Exact whoever appended: the store
 * answers every fold. At most `maxStreams` are kept, the oldest forgotten first.
 *
 * Folds of one stream run one after the other, because an `evolve` may change the state in
 * place (the pool's does, to stay O(1) per event). A state handed out is the latest until the
 * next fold of its stream: decide on it at once, without awaiting in between.
 */
export class StreamStates<S, E extends DomainEvent> {
  private readonly known = new Map<string, FoldedStream<S>>();
  private readonly folding = new Map<string, Promise<FoldedStream<S>>>();

  constructor(
    private readonly store: EventStore,
    private readonly decider: Pick<Decider<S, never, E>, 'initialState' | 'evolve'>,
    private readonly maxStreams = 10_000,
  ) {}

  /** The stream folded up to its last event; `commandOn(..., { fold })` decides on it. */
  readonly fold = (stream: string): Promise<FoldedStream<S>> => {
    const before = this.folding.get(stream);
    const next = before ? before.then(() => this.catchUp(stream)) : this.catchUp(stream);
    const settled = next.catch(() => this.known.get(stream) ?? this.initial());
    this.folding.set(stream, settled);
    void settled.then(() => {
      if (this.folding.get(stream) === settled) this.folding.delete(stream);
    });
    return next;
  };

  async read(stream: string): Promise<S> {
    return (await this.fold(stream)).state;
  }

  private initial(): FoldedStream<S> {
    return { state: this.decider.initialState(), revision: 'no_stream' };
  }

  private async catchUp(stream: string): Promise<FoldedStream<S>> {
    const folded = await foldStream(this.store, stream, this.decider, this.known.get(stream));
    if (folded.revision !== 'no_stream') this.remember(stream, folded);
    return folded;
  }

  private remember(stream: string, folded: FoldedStream<S>): void {
    if (!this.known.has(stream) && this.known.size >= this.maxStreams)
      this.known.delete(this.known.keys().next().value!);
    this.known.set(stream, folded);
  }
}
