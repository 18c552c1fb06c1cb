import type { EventStore } from '../port';
import type { Decider, DomainEvent } from './decider';
import { commandOn, decideMany, type CommandResult, type DecideOptions } from './decide-many';

export type { Decider, DomainEvent } from './decider';
export { foldStream, type FoldedStream } from './fold-stream';
export { CommandRetriesExhausted, type CommandResult, type DecideOptions } from './decide-many';

/**
 * Read the stream, fold it with `evolve`, `decide`, append with the revision that was decided
 * on. A concurrent append to the stream makes the append fail; the decision is then taken again
 * on the fresh state (bounded), so nothing is ever applied twice or on stale state. The
 * one-command case of `decideMany`.
 */
export async function decideOne<TState, TCommand, TEvent extends DomainEvent>(
  store: EventStore,
  stream: string,
  decider: Decider<TState, TCommand, TEvent>,
  command: TCommand,
  options: DecideOptions,
): Promise<CommandResult<TEvent>> {
  const [result] = await decideMany(store, [commandOn(stream, decider, command)], options);
  return result!;
}
