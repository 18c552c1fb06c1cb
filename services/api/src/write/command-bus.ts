import {
  CommandRetriesExhausted,
  type CommandResult,
  type DecideOptions,
  type Decider,
  type DomainEvent,
  type FoldedStream,
} from '@whosright/eventstore/command/decide-one';
import {
  commandOn,
  decideMany,
  type FoldSource,
  type StreamCommand,
} from '@whosright/eventstore/command/decide-many';
import type { EventStore, NewEventMetadata } from '@whosright/eventstore/port';
import type { ProjectionRunner } from '@whosright/projections/runner/projection-runner';
import type { Actor } from '#api/platform/actor';
import { ConflictError, HttpError } from '#api/platform/errors';
import { isRejection, type Rejections } from './rejection';
import { keyedAppendOf, keyedWriteStartedAt } from './keyed-appends';
import { StreamQueue } from './stream-queue';
import { StreamStates } from './stream-states';
import type { MemberCommand, OtherCommand } from './commands';
import type { MemberGuards } from './member-guards';

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

const BUSY_MESSAGE = 'Many changes are being made to this at once. Please try again.';

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

/**
 * Retries of a queued write: by then only writers in other processes still collide with it, and
 * each waits a random while, up to twice as long each time (at most 200 ms), so they spread out.
 */
const QUEUED_RETRIES = 12;
const queuedRetryDelayMs = (retry: number) => Math.random() * Math.min(200, 4 * 2 ** retry);

/** Each slice's refusals by context (`story`, `comment`, `account`): its `rejections.ts`. */
export type RejectionsByContext = Readonly<Record<string, Rejections<string>>>;

/**
 * The one door to the log: a command is decided on its stream's state and appended at the
 * revision it was decided on (retried on a conflict, see decideMany; writes that keep colliding
 * on a stream are queued, see `decided`); a refusal becomes the
 * HTTP error its slice chose; and when the answer depends on read models, the bus waits until
 * they have applied what was appended (read-your-writes). It alone holds the
 * raw event store; slices read a stream's state for a decision through it (`state`, `fold`), from
 * one cached fold per decider.
 */
/** A member's own writes, behind their guard (see `CommandBus.asMember`). */
export interface MemberWrites {
  runAll(
    commands: ReadonlyArray<MemberCommand | OtherCommand>,
    actor: Actor,
    readModels?: readonly string[],
  ): Promise<Array<CommandResult<DomainEvent>>>;
}

export class CommandBus {
  /** One cached fold per decider, made on first use, shared by every slice that decides with it. */
  private readonly folds = new Map<object, StreamStates<unknown, DomainEvent>>();
  private readonly queue = new StreamQueue();

  constructor(
    private readonly eventStore: EventStore,
    /**
     * Null where nothing reads back, so no write waits: processes that run no projections (the
     * admin CLI), and the demo seed.
     */
    private readonly projections: Pick<ProjectionRunner, 'waitFor'> | null,
    private readonly rejections: RejectionsByContext,
    /** The account slice's guards on a member's stream: what `asMember` puts first. */
    private readonly memberGuards?: MemberGuards,
  ) {}

  private guards(): MemberGuards {
    if (!this.memberGuards) throw new Error('This command bus was built without member guards');
    return this.memberGuards;
  }

  /**
   * The one entry for a member's own writes: the member's not-banned, not-leaving guard goes
   * first, joined to the append. `removal`: the member removes what they wrote, which is let
   * through while their account is being deleted (the deletion's sweep writes as them).
   */
  asMember(userId: string, { removal = false } = {}): MemberWrites {
    const guard = this.guards().mayWrite(userId, { removal });
    return {
      runAll: (commands, actor, readModels) =>
        this.appendAll([guard, ...commands], actor, readModels),
    };
  }

  /**
   * A precondition that the member is there: someone else acts on them (`member`, an admin's
   * note) or publishes their writing (`author`, approving a held comment).
   */
  memberPresent(userId: string, as: 'author' | 'member'): OtherCommand {
    return this.guards().present(userId, as);
  }

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

  private readonly cachedFolds: FoldSource = (decider) => this.fold(decider);

  /**
   * Every command decides on the cached fold of its decider, guards included; a conflict is
   * retried once at once (a vote's guess that its stream is new), then queued (`decided`).
   */
  private decideOptions(actor: Actor): DecideOptions {
    const keyed = keyedAppendOf(this.eventStore, actor.writeKey);
    return {
      metadata: metadataOf(actor),
      folds: this.cachedFolds,
      maxRetries: 1,
      ...(keyed ? { keyed } : {}),
    };
  }

  /** When a write with an Idempotency-Key began, if an earlier attempt of it appended. */
  keyedWriteStartedAt(key: string): Promise<number | undefined> {
    return keyedWriteStartedAt(this.eventStore, key);
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
    const [result] = await this.translated(
      this.decided([commandOn(stream, decider, command)], actor),
    );
    const { position } = result!;
    if (position !== undefined && actor.writeKey) actor.writeKey.appended = true;
    if (position !== undefined && readModels.length > 0)
      await this.settle(position, readModels, actor);
    return result!;
  }

  /**
   * Commands on several streams (`commandOn`), appended in one step where the store can (see
   * decideMany); waits for `readModels` when something was appended.
   */
  runAll(
    commands: readonly OtherCommand[],
    actor: Actor,
    readModels: readonly string[] = [],
  ): Promise<Array<CommandResult<DomainEvent>>> {
    return this.appendAll(commands, actor, readModels);
  }

  private async appendAll(
    commands: readonly StreamCommand[],
    actor: Actor,
    readModels: readonly string[] = [],
  ): Promise<Array<CommandResult<DomainEvent>>> {
    const results = await this.translated(this.decided(commands, actor));
    const last = lastPosition(results);
    if (last !== undefined && actor.writeKey) actor.writeKey.appended = true;
    if (last !== undefined && readModels.length > 0) await this.settle(last, readModels, actor);
    return results;
  }

  /**
   * Decides and appends at once, retrying a conflict once (a vote's guessed new stream). Writes
   * that still conflict, and any write to a stream another write of this process is queued on,
   * take their turn in the queue (see StreamQueue), where only other processes can collide with
   * them; those retries wait a random while first.
   */
  private async decided<E extends DomainEvent>(
    commands: ReadonlyArray<StreamCommand<E>>,
    actor: Actor,
  ): Promise<Array<CommandResult<E>>> {
    const options = this.decideOptions(actor);
    if (!this.queue.busy(commands))
      try {
        return await decideMany(this.eventStore, commands, options);
      } catch (error) {
        if (!(error instanceof CommandRetriesExhausted)) throw error;
      }
    return this.queue.run(commands, () =>
      decideMany(this.eventStore, commands, {
        ...options,
        maxRetries: QUEUED_RETRIES,
        retryDelayMs: queuedRetryDelayMs,
      }),
    );
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
      // Only writers in other processes, still colliding after every queued retry.
      if (error instanceof CommandRetriesExhausted) throw new ConflictError(BUSY_MESSAGE);
      if (!isRejection(error)) throw error;
      const toHttp = this.rejections[error.context]?.[error.reason];
      throw toHttp ? toHttp() : error;
    }
  }
}
