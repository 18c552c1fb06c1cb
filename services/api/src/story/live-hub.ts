import { eventFrame, type LiveStream } from '#api/platform/live/live-stream';
import type { StoryChange, StoryChanges } from '#api/platform/live/story-changes';

export interface LiveHubDeps {
  changes: StoryChanges;
  /** The story's `tally` payload (one line of JSON), or undefined when it is no longer public. */
  readTally: (storyId: string) => Promise<string | undefined>;
  onError: (error: unknown, storyId: string) => void;
}

/**
 * Every live stream of this API instance, by story. A change is read once per instance and sent
 * to all that story's streams; changes that arrive while a read runs are folded into one more
 * read after it, so a burst of votes costs two reads, not one per vote.
 */
export class LiveHub {
  private readonly streams = new Map<string, Set<LiveStream>>();
  /** Stories being read now; true when another change arrived meanwhile. */
  private readonly reading = new Map<string, boolean>();
  private readonly unsubscribe: () => void;
  private closed = false;

  constructor(private readonly deps: LiveHubDeps) {
    this.unsubscribe = deps.changes.subscribe((change) => this.onChange(change));
  }

  get accepting(): boolean {
    return !this.closed;
  }

  /** Follows the story until the returned function is called. */
  add(storyId: string, stream: LiveStream): () => void {
    let set = this.streams.get(storyId);
    if (!set) this.streams.set(storyId, (set = new Set()));
    set.add(stream);
    return () => {
      set.delete(stream);
      if (!set.size && this.streams.get(storyId) === set) this.streams.delete(storyId);
    };
  }

  /**
   * A screen reconnects (it sent `Last-Event-ID`): what changed while it was away is not kept,
   * so it gets the story's tally as it is now and is told to refetch the comments.
   */
  async resume(storyId: string, stream: LiveStream): Promise<void> {
    stream.send('comments', JSON.stringify({ storyId }));
    try {
      const tally = await this.deps.readTally(storyId);
      if (tally !== undefined) stream.send('tally', tally);
    } catch (error) {
      this.deps.onError(error, storyId);
    }
  }

  /** Streams open now, across stories. */
  get size(): number {
    let n = 0;
    for (const set of this.streams.values()) n += set.size;
    return n;
  }

  /** The server drains: every stream ends (clients fall back to their queries), none open after. */
  close(): void {
    this.closed = true;
    this.unsubscribe();
    for (const set of this.streams.values()) for (const stream of set) stream.end();
    this.streams.clear();
  }

  private onChange({ storyId, kind }: StoryChange): void {
    if (!this.streams.has(storyId)) return;
    if (kind === 'comments')
      return this.broadcast(storyId, 'comments', JSON.stringify({ storyId }));
    // The timeline and the moderation log are the bells' news: the card reads neither.
    if (kind !== 'votes') return;
    if (this.reading.has(storyId)) {
      this.reading.set(storyId, true);
      return;
    }
    void this.readAndSend(storyId);
  }

  private async readAndSend(storyId: string): Promise<void> {
    try {
      do {
        this.reading.set(storyId, false);
        const tally = await this.deps.readTally(storyId);
        if (tally !== undefined) this.broadcast(storyId, 'tally', tally);
      } while (this.reading.get(storyId) && !this.closed);
    } catch (error) {
      this.deps.onError(error, storyId);
    } finally {
      this.reading.delete(storyId);
    }
  }

  private broadcast(storyId: string, event: string, data: string): void {
    const set = this.streams.get(storyId);
    if (!set) return;
    const frame = eventFrame(event, data);
    for (const stream of set) stream.sendFrame(event, frame);
  }
}
