import {
  decideOne,
  type CommandResult,
  type DecideOptions,
  type Decider,
  type DomainEvent,
  type FoldedStream,
} from '@whosright/eventstore/command/decide-one';
import {
  decideMany,
  type KeyedAppend,
  type StreamCommand,
} from '@whosright/eventstore/command/decide-many';
import { derivedEventId } from '@whosright/eventstore/event-id';
import type { EventStore, NewEventMetadata } from '@whosright/eventstore/port';
import type { ProjectionRunner } from '@whosright/projections/runner/projection-runner';
import type { Actor } from '#api/platform/actor';
import { HttpError } from '#api/platform/errors';
import { isRejection, type Rejections } from './rejection';
import { StreamStates } from './stream-states';

/** What a fold needs of a decider: where a stream starts, and how each event changes it. */
export type Folding<S, E extends DomainEvent> = Pick<
  Decider<S, never, E>,
  'initialState' | 'evolve'
>;

export function metadataOf(actor: Actor): NewEventMetadata {
  return {
    ...(actor.userId ? { actorId: actor.userId } : {}),
    ...(actor.visitorId ? { visitorId: actor.visitorId } : {}),
    correlationId: actor.correlationId,
    ...(actor.recordedAt ? { recordedAt: actor.recordedAt } : {}),
  };
}

export class ReadModelLagging extends HttpError {
  constructor() {
    super(
      503,
      'not_ready',
      'Saved, but it is taking longer than usual to show. Please refresh in a moment.',
    );
  }
}

/** The position of the last event the commands appended, if any. */
export function lastPosition(
  results: ReadonlyArray<CommandResult<DomainEvent>>,
): bigint | undefined {
  let last: bigint | undefined;
  for (const { position } of results)
    if (position !== undefined && (last === undefined || position > last)) last = position;
  return last;
}

/** The most events one append of a keyed write is looked for with (far more than any appends). */
const MAX_EVENTS_PER_APPEND = 64;
/** A keyed write's start is told by the first event of one of its first few appends. */
const FIRST_APPENDS_LOOKED_AT = 4;

/** Each slice's refusals by context (`story`, `comment`, `account`): its `rejections.ts`. */
export type RejectionsByContext = Readonly<Record<string, Rejections<string>>>;

/**
 * The one door to the log: a command is decided on its stream's state and appended at the
 * revision it was decided on (retried on a conflict, see decideMany); a refusal becomes the
 * HTTP error its slice chose; and when the answer depends on read models, the bus waits until
 * they have applied what was appended (read-your-writes). It alone holds the
 * raw event store; slices read a stream's state for a decision through it (`state`, `fold`), from
 * one cached fold per decider.
 */
export class CommandBus {
  /** One cached fold per decider, made on first use, shared by every slice that decides with it. */
  private readonly folds = new Map<object, StreamStates<unknown, DomainEvent>>();

  constructor(
    private readonly eventStore: EventStore,
    /**
     * Null where nothing reads back, so no write waits: processes that run no projections (the
     * admin CLI), and the demo seed.
     */
    private readonly projections: Pick<ProjectionRunner, 'waitFor'> | null,
    private readonly rejections: RejectionsByContext,
  ) {}

  /**
   * The cached fold of `decider`'s streams: hand it to `commandOn(..., { fold })` so the command
   * decides on the cached state (a stale one only costs a conflict and a fresh fold).
   */
  fold<S, E extends DomainEvent>(
    decider: Folding<S, E>,
  ): (stream: string) => Promise<FoldedStream<S>> {
    return this.statesOf(decider).fold;
  }

  /** The state `stream` holds now, folded with `decider` (cached): what a decision reads first. */
  state<S, E extends DomainEvent>(stream: string, decider: Folding<S, E>): Promise<S> {
    return this.statesOf(decider).read(stream);
  }

  /** Whether nothing was ever appended (the demo seed writes only into an empty log). */
  async logIsEmpty(): Promise<boolean> {
    return (await this.eventStore.headPosition()) === 0n;
  }

  /** Every command decides on the cached fold of its decider, guards included. */
  private decideOptions(actor: Actor): DecideOptions {
    const keyed = this.keyedAppend(actor);
    return {
      metadata: metadataOf(actor),
      folds: (decider) => this.fold(decider),
      ...(keyed ? { keyed } : {}),
    };
  }

  /**
   * A write with an Idempotency-Key appends events whose ids its retries derive again, and finds
   * them rather than deciding again (where the store can look events up by id).
   */
  private keyedAppend(actor: Actor): KeyedAppend | undefined {
    const writeKey = actor.writeKey;
    const byId = this.eventStore.eventsById?.bind(this.eventStore);
    if (!writeKey || !byId) return undefined;
    const call = writeKey.nextAppend();
    const eventId = (index: number) => derivedEventId(writeKey.key, call, index);
    return {
      eventId,
      async earlier() {
        // Usually nothing: one indexed lookup, then the rest only when the first is there.
        if ((await byId([eventId(0)])).length === 0) return [];
        writeKey.appended = true;
        return byId(Array.from({ length: MAX_EVENTS_PER_APPEND }, (_, i) => eventId(i)));
      },
    };
  }

  /**
   * When the write with an Idempotency-Key began: what its first attempt's events say (their
   * recorded time is the attempt's start), or undefined when none of its appends is in the log.
   */
  async keyedWriteStartedAt(key: string): Promise<number | undefined> {
    const byId = this.eventStore.eventsById?.bind(this.eventStore);
    if (!byId) return undefined;
    const firsts = Array.from({ length: FIRST_APPENDS_LOOKED_AT }, (_, call) =>
      derivedEventId(key, call, 0),
    );
    const [first] = await byId(firsts);
    return first?.metadata.recordedAt ? Date.parse(first.metadata.recordedAt) : undefined;
  }

  private statesOf<S, E extends DomainEvent>(decider: Folding<S, E>): StreamStates<S, E> {
    let states = this.folds.get(decider);
    if (!states) {
      states = new StreamStates(this.eventStore, decider);
      this.folds.set(decider, states);
    }
    return states as unknown as StreamStates<S, E>;
  }

  /** One command on one stream; waits for `readModels` when something was appended. */
  async run<S, C, E extends DomainEvent>(
    stream: string,
    decider: Decider<S, C, E>,
    command: C,
    actor: Actor,
    readModels: readonly string[] = [],
  ): Promise<CommandResult<E>> {
    const result = await this.translated(
      decideOne(this.eventStore, stream, decider, command, this.decideOptions(actor)),
    );
    if (result.position !== undefined && actor.writeKey) actor.writeKey.appended = true;
    if (result.position !== undefined && readModels.length > 0)
      await this.settle(result.position, readModels, actor);
    return result;
  }

  /**
   * Commands on several streams (`commandOn`), appended in one step where the store can (see
   * decideMany); waits for `readModels` when something was appended.
   */
  async runAll(
    commands: readonly StreamCommand[],
    actor: Actor,
    readModels: readonly string[] = [],
  ): Promise<Array<CommandResult<DomainEvent>>> {
    const results = await this.translated(
      decideMany(this.eventStore, commands, this.decideOptions(actor)),
    );
    const last = lastPosition(results);
    if (last !== undefined && actor.writeKey) actor.writeKey.appended = true;
    if (last !== undefined && readModels.length > 0) await this.settle(last, readModels, actor);
    return results;
  }

  /**
   * Waits (bounded) until `readModels` reflect `position`. When they lag, a request with an
   * Idempotency-Key answers "saved" at once and keeps waiting a while longer, so that the answer
   * it then builds is what its retries get (they must not append again).
   */
  async settle(position: bigint, readModels: readonly string[], actor?: Actor): Promise<void> {
    if (!this.projections || (await this.projections.waitFor(position, readModels))) return;
    const late = actor?.lateAnswer;
    if (!late) throw new ReadModelLagging();
    late.saved(new ReadModelLagging());
    if (await this.projections.waitFor(position, readModels, late.waitMs)) return;
    late.gaveUp();
    throw new ReadModelLagging();
  }

  /** Waits until `readModels` reflect everything appended so far (a repeated, no-op command). */
  async settleAll(readModels: readonly string[]): Promise<void> {
    await this.settle(await this.eventStore.headPosition(), readModels);
  }

  private async translated<T>(work: Promise<T>): Promise<T> {
    try {
      return await work;
    } catch (error) {
      if (!isRejection(error)) throw error;
      const toHttp = this.rejections[error.context]?.[error.reason];
      throw toHttp ? toHttp() : error;
    }
  }
}
