import { domainEventCatalog } from '@whosright/contracts/catalog';
import type { EventCatalog } from '@whosright/contracts/shared/events';
import { readModels } from './read-models';
import type { AnyProjection } from './runner/projection';

/**
 * Every read model the app runs, in one list: the API's projection runner, its /api/ready check
 * and `npm run replay` all take it from here.
 */
export function buildProjections(): AnyProjection[] {
  return [...readModels];
}

/** The event types the replay CLI decodes from the log. */
export function replayEventCatalog(): EventCatalog {
  return domainEventCatalog;
}
