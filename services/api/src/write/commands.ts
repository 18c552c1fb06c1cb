import {
  commandOn,
  type CommandOnOptions,
  type StreamCommand,
} from '@whosright/eventstore/command/decide-many';
import type { Decider, DomainEvent } from '@whosright/eventstore/command/decide-one';

/**
 * What a slice builds commands with. Slices import these from here, never from the event store's
 * command helpers or its port: the bus is the one door to the log, and nothing else in a slice
 * may read or append to it.
 */
export { commandOn, type CommandOnOptions, type StreamCommand };
export type {
  CommandResult,
  Decider,
  DomainEvent,
  FoldedStream,
} from '@whosright/eventstore/command/decide-one';

declare const memberWrite: unique symbol;

/**
 * A member's own write (a story, a vote, a comment, a report). Only `bus.asMember(userId)` takes
 * it, and that entry puts the member's not-banned, not-leaving guard first: a service cannot
 * append one without the guard.
 */
export type MemberCommand<E extends DomainEvent = DomainEvent> = StreamCommand<E> & {
  readonly [memberWrite]: true;
};

/** Any command but a member's own write: what the bus's plain entries take. */
export type OtherCommand<E extends DomainEvent = DomainEvent> = StreamCommand<E> & {
  readonly [memberWrite]?: never;
};

/** `commandOn` for a member's own write: the command can only go through `bus.asMember`. */
export function memberCommandOn<TState, TCommand, TEvent extends DomainEvent>(
  stream: string,
  decider: Decider<TState, TCommand, TEvent>,
  command: TCommand,
  options: CommandOnOptions<TState> = {},
): MemberCommand<TEvent> {
  return commandOn(stream, decider, command, options) as MemberCommand<TEvent>;
}
