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
 * place (the pool's does, to stay O(1) per event). Folds asked for while one is on its way share
 * the next one: it starts after every one of them was asked, so each still sees all that was
 * appended before it asked, and many writers of one stream (all the votes on a story check it)
 * cost one read each time round instead of a queue of reads. A state handed out is the latest
 * until the next fold of its stream: decide on it at once, without awaiting in between.
 */
export class StreamStates<S, E extends DomainEvent> {
  private readonly known = new Map<string, FoldedStream<S>>();
  /** Per stream: the fold on its way, and the one that starts when it is done. */
  private readonly lines = new Map<string, FoldLine<S>>();

  constructor(
    private readonly store: EventStore,
    private readonly decider: Pick<Decider<S, never, E>, 'initialState' | 'evolve'>,
    private readonly maxStreams = 10_000,
  ) {}

  /** The stream folded up to its last event; `commandOn(..., { fold })` decides on it. */
  readonly fold = (stream: string): Promise<FoldedStream<S>> => {
    const line = this.lines.get(stream);
    if (!line) return this.start(stream, { running: undefined, next: undefined });
    return (line.next ??= line.running!.then(() => this.start(stream, line)));
  };

  private start(stream: string, line: FoldLine<S>): Promise<FoldedStream<S>> {
    const folded = this.catchUp(stream);
    const settled = folded.then(
      () => undefined,
      () => undefined,
    );
    line.running = settled;
    line.next = undefined;
    this.lines.set(stream, line);
    void settled.then(() => {
      if (line.running === settled && !line.next) this.lines.delete(stream);
    });
    return folded;
  }

  async read(stream: string): Promise<S> {
    return (await this.fold(stream)).state;
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

interface FoldLine<S> {
  /** Settles when the fold on its way is done, whether it failed or not. */
  running: Promise<void> | undefined;
  /** The fold that starts after it, shared by everyone who asks meanwhile. */
  next: Promise<FoldedStream<S>> | undefined;
}
