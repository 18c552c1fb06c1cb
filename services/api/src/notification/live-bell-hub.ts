import type { StoryChange, StoryChanges } from '#api/platform/live/story-changes';
import { eventFrame, type LiveStream } from '#api/platform/live/live-stream';

export interface LiveBellHubDeps {
  changes: StoryChanges;
  /**
   * The member's unread count, the stories whose changes can change it, and the stories of their
   * open reports, whose reports closing can.
   */
  count: (userId: string) => Promise<{
    unread: number;
    storyIds: readonly string[];
    reportedStoryIds: readonly string[];
  }>;
  /** Who wrote a story, if it is still there: for a decision on a story no bell watches yet. */
  authorOf: (storyId: string) => Promise<string | undefined>;
  onError: (error: unknown, userId: string) => void;
}

interface Member {
  streams: Set<LiveStream>;
  /** Streams that have not had the count yet: they get the next one, changed or not. */
  fresh: Set<LiveStream>;
  watched: ReadonlySet<string>;
  reported: ReadonlySet<string>;
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
  /** The members watching each story, and those waiting for its reports to close. */
  private readonly watchers = new Map<string, Set<string>>();
  private readonly reporters = new Map<string, Set<string>>();
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
        reported: new Set(),
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
      this.watch(this.watchers, userId, joined.watched, new Set());
      this.watch(this.reporters, userId, joined.reported, new Set());
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
    this.reporters.clear();
  }

  private onChange({ storyId, kind }: StoryChange): void {
    if (kind === 'reports') {
      for (const userId of this.reporters.get(storyId) ?? []) this.recount(userId);
      return;
    }
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
        const { unread, storyIds, reportedStoryIds } = await this.deps.count(userId);
        if (this.closed || this.members.get(userId) !== member) return;
        const watched = new Set(storyIds);
        this.watch(this.watchers, userId, member.watched, watched);
        member.watched = watched;
        const reported = new Set(reportedStoryIds);
        this.watch(this.reporters, userId, member.reported, reported);
        member.reported = reported;
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

  /** Moves the member's entries in a story index from the old set of stories to the new one. */
  private watch(
    index: Map<string, Set<string>>,
    userId: string,
    before: ReadonlySet<string>,
    after: ReadonlySet<string>,
  ): void {
    for (const storyId of before) {
      if (after.has(storyId)) continue;
      const set = index.get(storyId);
      set?.delete(userId);
      if (set && !set.size) index.delete(storyId);
    }
    for (const storyId of after) {
      if (before.has(storyId)) continue;
      let set = index.get(storyId);
      if (!set) index.set(storyId, (set = new Set()));
      set.add(userId);
    }
  }
}
