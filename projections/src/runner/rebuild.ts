import { setImmediate as nextTurn } from 'node:timers/promises';
import type { EventFilter, LogReader, RecordedEvent } from '@whosright/eventstore/port';
import type { Generation, GuaranteedWriter, ReadModelWriter } from '../store/port';
import { logFilterFor, type AnyProjection } from './projection';
import { RebuildCopy } from './rebuild-copy';
import { RebuildError } from './rebuild-error';

export { RebuildError } from './rebuild-error';

export interface RebuildProgress {
  /** Events read from the log so far: only those of the types the rebuilt projections handle. */
  events: number;
  position: bigint;
  /** Head of the log when the pass started (it may grow while rebuilding). */
  head: bigint;
  elapsedMs: number;
}

export interface RebuildOptions {
  eventStore: LogReader;
  readStore: GuaranteedWriter;
  projections: readonly AnyProjection[];
  /**
   * Builds the state as of this ISO time into scratch copies that are never activated: the caller
   * reads them and drops them (`readStore.drop`). Without it, the copies replace the live ones.
   */
  until?: string;
  /** Events folded at a time (default 5000). */
  batchSize?: number;
  /**
   * Pending documents of one projection that trigger a write (default 100,000). Nobody reads a
   * copy being built, so it is written rarely: a hot document is written once per many thousand
   * events, and a large sorted batch lands in its b-tree cheaply. It bounds memory: at most this
   * many pending documents per projection, plus what the cache keeps (200,000).
   */
  writeEvery?: number;
  onProgress?: (progress: RebuildProgress) => void;
  signal?: AbortSignal;
  /** How often the copies are marked as being built (default `TOUCH_EVERY_MS`). */
  touchEveryMs?: number;
}

/** A rebuild marks its copies this often, so that they are told apart from a killed one's. */
export const TOUCH_EVERY_MS = 30_000;
/**
 * Copies left untouched this long belong to a rebuild that was killed outright (SIGKILL, power
 * loss): the server (at start, then every few minutes) and the replay CLI (before it rebuilds)
 * drop them with `dropAbandonedCopies`.
 */
export const ABANDONED_AFTER_MS = 15 * 60_000;

/** Drops the copies of rebuilds killed outright; returns them. */
export function dropAbandonedCopies(
  readStore: ReadModelWriter,
  now = Date.now(),
): Promise<Generation[]> {
  return readStore.dropAbandoned(now - ABANDONED_AFTER_MS);
}

export interface RebuiltProjection {
  projection: AnyProjection;
  target: Generation;
  /** Position the copy reflects. */
  position: bigint;
  /** Events this projection applied. */
  applied: number;
}

/**
 * Rebuilds projections from the log in one shared scan of the event types they handle, each into
 * a new generation beside the
 * live one (readers keep resolving the active pointer, so they never see a half-built copy).
 * Without `until` it catches up to the head, then flips each pointer, which drops the old copy;
 * a live runner notices on its next commit and continues from the new copy's checkpoint.
 */
export function rebuildProjections(options: RebuildOptions): Promise<RebuiltProjection[]> {
  return new Rebuild(options).run();
}

/** One rebuild: create the copies, replay the log into them, then index and activate them. */
class Rebuild {
  private readonly copies: RebuildCopy[] = [];
  private readonly batchSize: number;
  private readonly writeEvery: number;
  private readonly touchEveryMs: number;
  private readonly started = Date.now();
  private touchedAt = this.started;
  /** Position of the last event read; once the log is exhausted, the head the copies reflect. */
  private position = 0n;
  private events = 0;
  private head = 0n;
  /** Only the events some copy handles: the store never reads or decodes the others. */
  private readonly filter: EventFilter | undefined;

  constructor(private readonly options: RebuildOptions) {
    this.filter = logFilterFor(options.projections);
    this.batchSize = options.batchSize ?? 5_000;
    this.writeEvery = options.writeEvery ?? 100_000;
    this.touchEveryMs = options.touchEveryMs ?? TOUCH_EVERY_MS;
  }

  async run(): Promise<RebuiltProjection[]> {
    try {
      await this.createCopies();
      await this.replayLog();
      await this.finish();
      return this.copies.map((copy) => ({
        projection: copy.projection,
        target: copy.target,
        position: this.position,
        applied: copy.applied,
      }));
    } catch (error) {
      await Promise.all(this.copies.map((copy) => copy.discard()));
      throw error;
    }
  }

  private async createCopies(): Promise<void> {
    const { readStore, projections, until } = this.options;
    for (const projection of projections)
      this.copies.push(await RebuildCopy.create(readStore, projection, until !== undefined));
  }

  /** Passes over the log until one finds nothing new: the log keeps growing while the server serves. */
  private async replayLog(): Promise<void> {
    const { eventStore, until } = this.options;
    const route = router(this.copies);
    this.head = await eventStore.headPosition();
    for (;;) {
      const read = await this.pass(route);
      const last = until !== undefined || read === 0;
      // Nothing more up to the head: the copies reflect everything up to it.
      if (last && until === undefined) {
        const head = await eventStore.headPosition();
        if (head > this.position) this.position = head;
      }
      await this.flush(true);
      if (last) return;
      this.head = await eventStore.headPosition();
    }
  }

  /** Reads the log after the current position, routing each event to the copies that want it. */
  private async pass(route: Router): Promise<number> {
    const { eventStore, until, signal } = this.options;
    let read = 0;
    for await (const event of eventStore.readAll({
      after: this.position,
      ...(until !== undefined ? { until } : {}),
      ...(this.filter ? { filter: this.filter } : {}),
    })) {
      if (signal?.aborted) throw new RebuildError('Rebuild aborted');
      for (const copy of route(event)) copy.take(event);
      this.position = event.position;
      read++;
      this.events++;
      if (read % this.batchSize === 0) await this.flush(false);
    }
    return read;
  }

  /** Folds what was read; writes a copy once enough documents are pending, or at the end. */
  private async flush(final: boolean): Promise<void> {
    const touching = Date.now() - this.touchedAt >= this.touchEveryMs;
    for (const copy of this.copies) {
      await copy.fold();
      if (final || copy.pendingCount >= this.writeEvery) await copy.write(this.position);
      if (touching) await this.touch(copy);
    }
    const { events, position, head, started } = this;
    this.options.onProgress?.({ events, position, head, elapsedMs: Date.now() - started });
    // The log's pages are read synchronously, so a scan's events arrive back to back without the
    // event loop getting a turn, which would hold off signals (Ctrl-C on the replay CLI), timers
    // and I/O until the end.
    await nextTurn();
  }

  /** Creates the deferred indexes, then (unless building scratch copies) flips the pointers. */
  private async finish(): Promise<void> {
    for (const copy of this.copies) {
      // Creating the indexes of a large copy takes a while: it counts as being built.
      await this.touch(copy);
      await copy.index();
    }
    if (this.options.until !== undefined) return;
    for (const copy of this.copies) await copy.activate();
  }

  private async touch(copy: RebuildCopy): Promise<void> {
    await copy.touch();
    this.touchedAt = Date.now();
  }
}

type Router = (event: RecordedEvent) => readonly RebuildCopy[];

/** Which copies may want an event, by type (those with their own `canHandle` see every event). */
function router(copies: readonly RebuildCopy[]): Router {
  const others = copies.filter((copy) => copy.projection.canHandle !== undefined);
  const byType = new Map<string, RebuildCopy[]>();
  for (const copy of copies) {
    if (copy.projection.canHandle) continue;
    for (const type of copy.projection.eventTypes)
      byType.set(type, [...(byType.get(type) ?? others), copy]);
  }
  return (event) => byType.get(event.type) ?? others;
}
