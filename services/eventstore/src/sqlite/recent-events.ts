import type { RecordedEvent } from '../port';

/**
 * The events this process appended last, with contiguous positions. Every projection subscribes
 * to the log, so a fresh append is read back once per projection: serving those reads from
 * memory spares a query and a decode each. Only an unbroken run of positions is kept: an append
 * by another process (a gap) starts the run over, and reads outside the run go to SQLite.
 */
export class RecentEvents {
  private events: RecordedEvent[] = [];

  constructor(private readonly capacity = 4_096) {}

  record(appended: readonly RecordedEvent[]): void {
    if (appended.length === 0) return;
    const last = this.events.at(-1);
    if (last && appended[0]!.position !== last.position + 1n) this.events = [];
    this.events.push(...appended);
    if (this.events.length > this.capacity * 2) this.events = this.events.slice(-this.capacity);
  }

  forget(): void {
    this.events = [];
  }

  /** Events with `after < position <= upTo`, at most `limit`, or undefined when the run does not cover them. */
  page(after: bigint, upTo: bigint, limit: number): RecordedEvent[] | undefined {
    const first = this.events[0];
    const last = this.events.at(-1);
    if (!first || !last || after < first.position - 1n || upTo > last.position) return undefined;
    const start = Number(after - first.position + 1n);
    const end = Math.min(start + limit, Number(upTo - first.position + 1n));
    return start >= end ? [] : this.events.slice(start, end);
  }
}
