import type { StoryChange, StoryChanges } from '#api/platform/live/story-changes';
import { eventFrame, type LiveStream } from '#api/platform/live/live-stream';

export interface LiveBellHubDeps {
  changes: StoryChanges;
  /** The member's unread count, and the stories whose changes can change it. */
  count: (userId: string) => Promise<{ unread: number; storyIds: readonly string[] }>;
  /** Who wrote a story, if it is still there: for a decision on a story no bell watches yet. */
  authorOf: (storyId: string) => Promise<string | undefined>;
  onError: (error: unknown, userId: string) => void;
}

interface Member {
  streams: Set<LiveStream>;
  /** Streams that have not had the count yet: they get the next one, changed or not. */
  fresh: Set<LiveStream>;
  watched: ReadonlySet<string>;
  /** The count last sent. */
  unread: number | undefined;
  /** A recount runs now; true when another change arrived meanwhile. */
  counting: boolean;
  again: boolean;
}

/**
 * Every open bell of this API instance, by member, and the stories each watches: a change to
 * one of them has its members' unread counts read again, and sent when they changed. Changes
 * that arrive while a member's count is read are folded into one more read after it, so a burst
 * of votes costs a member two recounts, not one per vote.
 */
export class LiveBellHub {
  private readonly members = new Map<string, Member>();
  /** The members watching each story. */
  private readonly watchers = new Map<string, Set<string>>();
  private readonly unsubscribe: () => void;
  private closed = false;

  constructor(private readonly deps: LiveBellHubDeps) {
    this.unsubscribe = deps.changes.subscribe((change) => this.onChange(change));
  }

  get accepting(): boolean {
    return !this.closed;
  }

  /** Streams open now, across members. */
  get size(): number {
    let n = 0;
    for (const member of this.members.values()) n += member.streams.size;
    return n;
  }

  /** Sends the member's count now and whenever it changes, until the returned function is called. */
  add(userId: string, stream: LiveStream): () => void {
    let member = this.members.get(userId);
    if (!member) {
      member = {
        streams: new Set(),
        fresh: new Set(),
        watched: new Set(),
        unread: undefined,
        counting: false,
        again: false,
      };
      this.members.set(userId, member);
    }
    member.streams.add(stream);
    member.fresh.add(stream);
    this.recount(userId);
    const joined = member;
    return () => {
      joined.streams.delete(stream);
      joined.fresh.delete(stream);
      if (joined.streams.size || this.members.get(userId) !== joined) return;
      this.members.delete(userId);
      this.watch(userId, joined.watched, new Set());
    };
  }

  /** Something the member did changed their count (they marked notifications read). */
  nudge(userId: string): void {
    if (this.members.has(userId)) this.recount(userId);
  }

  /** The server drains: every stream ends (bells fall back to polling), none open after. */
  close(): void {
    this.closed = true;
    this.unsubscribe();
    for (const member of this.members.values()) for (const stream of member.streams) stream.end();
    this.members.clear();
    this.watchers.clear();
  }

  private onChange({ storyId, kind }: StoryChange): void {
    const watching = this.watchers.get(storyId);
    if (watching) {
      for (const userId of watching) this.recount(userId);
      return;
    }
    // A story submitted since its author's bell opened is not watched yet; decisions are rare,
    // so the author is looked up. Votes and comments on it can only follow its approval.
    if (kind === 'moderation' && this.members.size) void this.recountAuthor(storyId);
  }

  private async recountAuthor(storyId: string): Promise<void> {
    try {
      const authorId = await this.deps.authorOf(storyId);
      if (authorId !== undefined) this.nudge(authorId);
    } catch (error) {
      this.deps.onError(error, storyId);
    }
  }

  private recount(userId: string): void {
    const member = this.members.get(userId);
    if (!member) return;
    if (member.counting) {
      member.again = true;
      return;
    }
    void this.countAndSend(userId, member);
  }

  private async countAndSend(userId: string, member: Member): Promise<void> {
    member.counting = true;
    try {
      do {
        member.again = false;
        const { unread, storyIds } = await this.deps.count(userId);
        if (this.closed || this.members.get(userId) !== member) return;
        const watched = new Set(storyIds);
        this.watch(userId, member.watched, watched);
        member.watched = watched;
        this.send(member, unread);
      } while (member.again);
    } catch (error) {
      this.deps.onError(error, userId);
    } finally {
      member.counting = false;
    }
  }

  private send(member: Member, unread: number): void {
    const changed = unread !== member.unread;
    member.unread = unread;
    const frame = eventFrame('unread', JSON.stringify({ unread }));
    for (const stream of member.streams)
      if (changed || member.fresh.has(stream)) stream.sendFrame('unread', frame);
    member.fresh.clear();
  }

  /** Moves the member's entries in the story index from the old watched set to the new one. */
  private watch(userId: string, before: ReadonlySet<string>, after: ReadonlySet<string>): void {
    for (const storyId of before) {
      if (after.has(storyId)) continue;
      const set = this.watchers.get(storyId);
      set?.delete(userId);
      if (set && !set.size) this.watchers.delete(storyId);
    }
    for (const storyId of after) {
      if (before.has(storyId)) continue;
      let set = this.watchers.get(storyId);
      if (!set) this.watchers.set(storyId, (set = new Set()));
      set.add(userId);
    }
  }
}
