import { WrongExpectedVersion } from '@whosright/eventstore/errors';
import {
  foldStream,
  type Decider,
  type DomainEvent,
} from '@whosright/eventstore/command/handle-command';
import type { EventStore } from '@whosright/eventstore/port';
import { metadataOf, type Actor } from './commands';

/**
 * A long-lived stream (the random pool) decided on an in-memory state that is caught up from the
 * last revision it knew, instead of folding the whole stream for every command. Commands in this
 * process run one at a time; another process appending in between shows up as a conflict, which
 * catches up and decides again. The state changes only after an append succeeded.
 */
export class CachedStream<S, C, E extends DomainEvent> {
  private state: S;
  private revision: bigint | 'no_stream' = 'no_stream';
  private tail: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly store: EventStore,
    private readonly stream: string,
    private readonly decider: Decider<S, C, E>,
  ) {
    this.state = decider.initialState();
  }

  run(command: C, actor: Actor): Promise<bigint | undefined> {
    const next = this.tail.then(() => this.decideAndAppend(command, actor));
    this.tail = next.catch(() => undefined);
    return next;
  }

  private async catchUp(): Promise<void> {
    ({ state: this.state, revision: this.revision } = await foldStream(
      this.store,
      this.stream,
      this.decider,
      { state: this.state, revision: this.revision },
    ));
  }

  private async decideAndAppend(
    command: C,
    actor: Actor,
    attempts = 5,
  ): Promise<bigint | undefined> {
    for (let attempt = 1; ; attempt++) {
      await this.catchUp();
      const events = this.decider.decide(command, this.state);
      if (events.length === 0) return undefined;
      try {
        const result = await this.store.append(
          this.stream,
          events.map((e) => ({ type: e.type, data: e.data, metadata: metadataOf(actor) })),
          this.revision,
        );
        for (const event of events) this.state = this.decider.evolve(this.state, event);
        this.revision = result.nextRevision;
        return result.position;
      } catch (error) {
        if (!(error instanceof WrongExpectedVersion) || attempt >= attempts) throw error;
      }
    }
  }
}
