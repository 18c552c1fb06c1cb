import { LRUCache } from 'lru-cache';
import type { StoryChanges } from '#api/platform/live/story-changes';
import type { StoryFacts } from './derive-notifications';

export interface StoryFactsCacheOptions {
  /** Stories kept, the least recently asked dropped first. */
  maxStories: number;
  /**
   * How long a story's facts are kept at most: the bound on staleness should a change notice be
   * lost (the channel is fire and forget, e.g. while Redis reconnects).
   */
  ttlMs: number;
}

/** A read in flight: stale once its story changes before it ends, and then not kept. */
interface Read {
  stale: boolean;
}

/** A story's facts, and the point its new comments were counted from. */
interface Kept {
  since: string;
  facts: StoryFacts;
}

/**
 * The facts of a story (its decisions, votes by the hour, new comments since a point), as its
 * author's notifications derive them, kept until the story changes. Every open bell recounts
 * when one of its member's stories changes and a closed bell polls; without this each asks the
 * read models three times for each of up to 50 stories, though one of them changed. A story's
 * facts are kept for one point its new comments are counted from (its author's read mark, which
 * only moves on).
 */
export class StoryFactsCache {
  private readonly stories: LRUCache<string, Kept>;
  private readonly reading = new Map<string, Set<Read>>();
  private readonly unsubscribe: () => void;

  constructor(changes: StoryChanges, options: StoryFactsCacheOptions) {
    this.stories = new LRUCache({ max: options.maxStories, ttl: options.ttlMs });
    // Every kind names a read model the facts come from, or the story card: any change drops them.
    this.unsubscribe = changes.subscribe(({ storyId }) => this.forget(storyId));
  }

  /** The story's facts counted from `since`, as kept, or read by `read` and kept. */
  async through(
    storyId: string,
    since: string | undefined,
    read: () => Promise<StoryFacts>,
  ): Promise<StoryFacts> {
    const point = since ?? '';
    const kept = this.stories.get(storyId);
    if (kept?.since === point) return kept.facts;
    const mark: Read = { stale: false };
    let reads = this.reading.get(storyId);
    if (!reads) this.reading.set(storyId, (reads = new Set()));
    reads.add(mark);
    try {
      const facts = await read();
      if (!mark.stale) this.stories.set(storyId, { since: point, facts });
      return facts;
    } finally {
      reads.delete(mark);
      if (!reads.size) this.reading.delete(storyId);
    }
  }

  close(): void {
    this.unsubscribe();
    this.stories.clear();
  }

  private forget(storyId: string): void {
    this.stories.delete(storyId);
    for (const read of this.reading.get(storyId) ?? []) read.stale = true;
  }
}
