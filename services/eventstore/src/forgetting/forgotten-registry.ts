import { FORGOTTEN_USERS_STREAM } from '@whosright/contracts/account/events';
import type { EventStore, Forgotten, RecordedEvent } from '../port';

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

/**
 * What the `forgottenUsers` stream says, kept in memory and caught up incrementally: a refresh
 * reads only the registry events after the last one it saw (usually none).
 */
export class ForgottenRegistry implements Forgotten {
  readonly users = new Set<string>();
  readonly stories = new Set<string>();
  readonly comments = new Set<string>();
  private next = 0n;
  private refreshedAt = Number.NEGATIVE_INFINITY;
  private refreshing: Promise<void> | undefined;

  constructor(
    private readonly store: Pick<EventStore, 'readStream'>,
    private readonly refreshEveryMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Records a `UserForgotten` event (from the registry, or passing through a read). */
  learn(event: RecordedEvent): void {
    if (event.type !== 'UserForgotten' || typeof event.data !== 'object' || event.data === null)
      return;
    const data = event.data as Record<string, unknown>;
    if (typeof data.userId === 'string') this.users.add(data.userId);
    for (const id of strings(data.storyIds)) this.stories.add(id);
    for (const id of strings(data.commentIds)) this.comments.add(id);
  }

  /** Reads the registry events appended since the last refresh. */
  refresh(): Promise<void> {
    this.refreshing ??= this.readNew().finally(() => {
      this.refreshing = undefined;
    });
    return this.refreshing;
  }

  /** Refreshes when the last refresh is older than the interval. */
  async refreshIfDue(): Promise<void> {
    if (this.now() - this.refreshedAt >= this.refreshEveryMs) await this.refresh();
  }

  private async readNew(): Promise<void> {
    const startedAt = this.now();
    for await (const event of this.store.readStream(FORGOTTEN_USERS_STREAM, { from: this.next })) {
      this.learn(event);
      this.next = event.revision + 1n;
    }
    this.refreshedAt = startedAt;
  }
}
