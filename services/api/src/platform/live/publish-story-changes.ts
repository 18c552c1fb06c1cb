import type { RecordedEvent } from '@whosright/eventstore/port';
import { readModels } from '@whosright/projections/read-models';
import type { CommittedListener } from '@whosright/projections/runner/projection-runner';
import type { StoryChange, StoryChangeKind, StoryChanges } from './story-changes';

/**
 * Which committed events change what a story screen or a bell shows, as each read model declares
 * (`storyChanges` in its projection): a subscriber reads the change from the read model that
 * committed it, once it has it. Views, skips and pool moves change nothing on either: no read
 * model declares them.
 */
const WATCHED: ReadonlyMap<string, { kind: StoryChangeKind; types: ReadonlySet<string> }> = new Map(
  readModels.flatMap(({ name, storyChanges }) =>
    storyChanges
      ? [[name, { kind: storyChanges.kind, types: new Set(storyChanges.eventTypes) }]]
      : [],
  ),
);

function storyIdOf(event: RecordedEvent): string | undefined {
  const data = event.data;
  if (!data || typeof data !== 'object') return undefined;
  const storyId = (data as { storyId?: unknown }).storyId;
  return typeof storyId === 'string' ? storyId : undefined;
}

/** The stories a committed batch changed on screen, each once. */
export function storyChangesOf(
  projection: string,
  events: readonly RecordedEvent[],
): StoryChange[] {
  const watched = WATCHED.get(projection);
  if (!watched) return [];
  const ids = new Set<string>();
  for (const event of events) {
    if (!watched.types.has(event.type)) continue;
    const storyId = storyIdOf(event);
    if (storyId) ids.add(storyId);
  }
  return [...ids].map((storyId) => ({ storyId, kind: watched.kind }));
}

/** The projection runner's commit listener: publishes each changed story. */
export function publishStoryChanges(changes: StoryChanges): CommittedListener {
  return (projection, events) => {
    for (const change of storyChangesOf(projection, events)) changes.publish(change);
  };
}
