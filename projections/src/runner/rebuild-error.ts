import type { RecordedEvent } from '@whosright/eventstore/port';
import type { AnyProjection } from './projection';

/** A rebuild that cannot finish: the replay CLI prints its message as the whole story. */
export class RebuildError extends Error {
  override readonly name = 'RebuildError';
}

export function cannotApply(
  projection: AnyProjection,
  event: RecordedEvent,
  error: Error,
): RebuildError {
  return new RebuildError(
    `${projection.name} cannot apply ${event.type} at position ${event.position} (event ${event.id}): ${error.message}`,
    { cause: error },
  );
}
