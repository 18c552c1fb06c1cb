/**
 * What a slice builds commands with. Slices import these from here, never from the event store's
 * command helpers or its port: the bus is the one door to the log, and nothing else in a slice
 * may read or append to it.
 */
export {
  commandOn,
  type CommandOnOptions,
  type StreamCommand,
} from '@whosright/eventstore/command/decide-many';
export type {
  CommandResult,
  Decider,
  DomainEvent,
  FoldedStream,
} from '@whosright/eventstore/command/decide-one';
