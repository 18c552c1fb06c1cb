import {
  handleCommand,
  type Decider,
  type DomainEvent,
} from '@whosright/eventstore/command/handle-command';
import { handleCommands, type StreamCommand } from '@whosright/eventstore/command/handle-commands';
import type { EventStore, NewEventMetadata } from '@whosright/eventstore/port';
import type { ProjectionRunner } from '@whosright/projections/runner/projection-runner';
import { HttpError } from './errors';

/** Who acts and on behalf of which request: becomes every event's metadata. */
export interface Actor {
  userId?: string;
  visitorId?: string;
  correlationId: string;
  /** When the action happened, if not now (the demo seed back-dates its history). */
  recordedAt?: string;
}

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

/**
 * Runs a command through its decider and, when the response depends on read models, waits until
 * those have applied what was appended (read-your-writes, DESIGN.md section 5).
 */
export class CommandBus {
  constructor(
    private readonly eventStore: EventStore,
    /** Null in processes that run no projections (the admin CLI): nothing there reads back. */
    private readonly projections: Pick<ProjectionRunner, 'waitFor'> | null,
  ) {}

  async run<S, C, E extends DomainEvent>(
    stream: string,
    decider: Decider<S, C, E>,
    command: C,
    actor: Actor,
    readModels: readonly string[] = [],
  ) {
    const result = await handleCommand(this.eventStore, stream, decider, command, {
      metadata: metadataOf(actor),
    });
    if (result.position !== undefined && readModels.length > 0)
      await this.settle(result.position, readModels);
    return result;
  }

  /**
   * Commands on several streams, appended in one step where the store can (see handleCommands).
   * Answers the position of the last event appended, if any.
   */
  async runAll(commands: readonly StreamCommand[], actor: Actor): Promise<bigint | undefined> {
    const results = await handleCommands(this.eventStore, commands, {
      metadata: metadataOf(actor),
    });
    let last: bigint | undefined;
    for (const { position } of results)
      if (position !== undefined && (last === undefined || position > last)) last = position;
    return last;
  }

  /** Waits (bounded) until `readModels` reflect `position`. */
  async settle(position: bigint, readModels: readonly string[]): Promise<void> {
    if (this.projections && !(await this.projections.waitFor(position, readModels)))
      throw new ReadModelLagging();
  }
}
