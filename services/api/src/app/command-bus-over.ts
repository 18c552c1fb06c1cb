import type { EventStore } from '@whosright/eventstore/port';
import type { ProjectionRunner } from '@whosright/projections/runner/projection-runner';
import { memberGuards } from '#api/account/member-guards';
import { CommandBus } from '#api/write/command-bus';
import { rejections } from './slices';

/**
 * The command bus every process writes through, with every slice's refusals and the account's
 * member guards; `projections` null where nothing reads back (the seed, the CLI, the worker).
 */
export function commandBusOver(
  eventStore: EventStore,
  projections: Pick<ProjectionRunner, 'waitFor'> | null,
): CommandBus {
  return new CommandBus(eventStore, projections, rejections, memberGuards);
}
