import type { StoryChangeKind } from '@whosright/projections/runner/projection';

/**
 * The "story changes" port: the processes that run the projections publish which stories' tallies,
 * comment lists, verdict timelines, moderation decisions or closed reports just changed; every API process
 * subscribes and streams them to the story screens (GET /api/stories/{id}/live) and to the bells
 * of the members the stories concern (GET /api/notifications/live). A notification carries no
 * data: the subscriber reads it. Each kind names the read model that changed, so a subscriber
 * reads only once that read model has the change.
 */
export type { StoryChangeKind };

export interface StoryChange {
  storyId: string;
  kind: StoryChangeKind;
}

export type StoryChangeListener = (change: StoryChange) => void;

export interface StoryChanges {
  /** Fire and forget: a lost notification is a screen that shows the change on its next fetch. */
  publish(change: StoryChange): void;
  /** Returns the unsubscribe. */
  subscribe(listener: StoryChangeListener): () => void;
  close(): Promise<void>;
}

const KINDS: ReadonlySet<string> = new Set<StoryChangeKind>([
  'votes',
  'comments',
  'timeline',
  'moderation',
  'reports',
]);

/** A change as sent between processes, or undefined for anything else on the channel. */
export function parseStoryChange(text: string): StoryChange | undefined {
  try {
    const value: unknown = JSON.parse(text);
    if (!value || typeof value !== 'object') return undefined;
    const { storyId, kind } = value as Record<string, unknown>;
    if (typeof storyId !== 'string' || typeof kind !== 'string' || !KINDS.has(kind))
      return undefined;
    return { storyId, kind: kind as StoryChangeKind };
  } catch {
    return undefined;
  }
}
