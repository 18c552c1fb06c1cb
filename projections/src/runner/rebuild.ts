import { setImmediate as nextTurn } from 'node:timers/promises';
import type { EventStore, RecordedEvent } from '@whosright/eventstore/port';
import type { Generation, GuaranteedWriter, ReadModelWriter } from '../store/port';
import { BatchFolder, DeriveError } from './batch-fold';
import { DocCache } from './doc-cache';
import type { AnyProjection } from './projection';

export interface RebuildProgress {
  /** Events read from the log so far. */
  events: number;
  position: bigint;
  /** Head of the log when the pass started (it may grow while rebuilding). */
  head: bigint;
  elapsedMs: number;
}

export interface RebuildOptions {
  eventStore: EventStore;
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

export class RebuildError extends Error {
  override readonly name = 'RebuildError';
}

interface Build {
  projection: AnyProjection;
  target: Generation;
  previous: number | null;
  folder: BatchFolder;
  batch: RecordedEvent[];
  applied: number;
  activated: boolean;
}

/**
 * Rebuilds projections from the log in one shared scan, each into a new generation beside the
 * live one (readers keep resolving the active pointer, so they never see a half-built copy).
 * Without `until` it catches up to the head, then flips each pointer, which drops the old copy;
 * a live runner notices on its next commit and continues from the new copy's checkpoint.
 */
export async function rebuildProjections(options: RebuildOptions): Promise<RebuiltProjection[]> {
  const { eventStore, readStore, projections, until, onProgress, signal } = options;
  const batchSize = options.batchSize ?? 5_000;
  const writeEvery = options.writeEvery ?? 100_000;
  const touchEveryMs = options.touchEveryMs ?? TOUCH_EVERY_MS;
  const started = Date.now();
  let touchedAt = started;
  const builds: Build[] = [];
  try {
    for (const projection of projections) {
      const previous =
        until === undefined
          ? ((await readStore.active(projection.name))?.generation ?? null)
          : null;
      const target = await readStore.createGeneration(
        projection.name,
        projection.version,
        projection.collections,
        { deferIndexes: true, owner: 'rebuild' },
      );
      const folder = new BatchFolder(readStore, target, projection, new DocCache(undefined, true));
      builds.push({
        projection,
        target,
        previous,
        folder,
        batch: [],
        applied: 0,
        activated: false,
      });
    }
    // Which builds may want an event, by type (those with their own `canHandle` see every event).
    const others = builds.filter((b) => b.projection.canHandle);
    const byType = new Map<string, Build[]>();
    for (const build of builds) {
      if (build.projection.canHandle) continue;
      for (const type of build.projection.eventTypes)
        byType.set(type, [...(byType.get(type) ?? others), build]);
    }
    let position = 0n;
    let events = 0;
    let head = await eventStore.headPosition();

    const fold = async (build: Build): Promise<void> => {
      if (!build.batch.length) return;
      const result = await build.folder.fold(build.batch, { filtered: true });
      if (result.failure) throw failed(build, result.failure.event, result.failure.error);
      build.applied += build.batch.length;
      build.batch.length = 0;
    };
    const write = async (build: Build): Promise<void> => {
      let writes;
      try {
        writes = build.folder.takeWrites();
      } catch (error) {
        if (!(error instanceof DeriveError)) throw error;
        throw new RebuildError(
          `${build.projection.name} cannot derive fields after the event at position ${error.position}: ${error.message}`,
          { cause: error },
        );
      }
      await readStore.commit(build.target, writes, position);
    };
    const touch = async (build: Build): Promise<void> => {
      await readStore.touch(build.target);
      touchedAt = Date.now();
    };
    /** Folds what was read; writes a copy once enough documents are pending, or at the end. */
    const flush = async (final: boolean): Promise<void> => {
      const touching = Date.now() - touchedAt >= touchEveryMs;
      for (const build of builds) {
        await fold(build);
        if (final || build.folder.pendingCount >= writeEvery) await write(build);
        if (touching) await touch(build);
      }
      onProgress?.({ events, position, head, elapsedMs: Date.now() - started });
      // Pages from the reader thread can arrive back to back within one turn of the event loop,
      // which would hold off signals (Ctrl-C on the replay CLI), timers and I/O until the end.
      await nextTurn();
    };

    // Passes until one finds nothing new: the log keeps growing while the server serves.
    for (;;) {
      let read = 0;
      // Unfiltered: a type filter makes SQLite sort each page through a temporary b-tree, and
      // skipping an event in memory costs less than that.
      for await (const event of eventStore.readAll({
        after: position,
        ...(until !== undefined ? { until } : {}),
      })) {
        if (signal?.aborted) throw new RebuildError('Rebuild aborted');
        const interested = byType.get(event.type) ?? others;
        for (const build of interested) {
          if (build.projection.canHandle && !build.projection.canHandle(event)) continue;
          if (build.batch.length || !build.folder.cache.complete) build.batch.push(event);
          else {
            // Everything is in memory: fold right away, no batch to hold.
            try {
              build.folder.foldNow(event);
            } catch (error) {
              throw failed(build, event, error instanceof Error ? error : new Error(String(error)));
            }
            build.applied++;
          }
        }
        position = event.position;
        read++;
        events++;
        if (read % batchSize === 0) await flush(false);
      }
      if (until !== undefined || read === 0) {
        // Nothing more up to the head: the copies reflect everything up to it.
        if (until === undefined) {
          const last = await eventStore.headPosition();
          if (last > position) position = last;
        }
        await flush(true);
        break;
      }
      await flush(true);
      head = await eventStore.headPosition();
    }

    for (const build of builds) {
      // Creating the indexes of a large copy takes a while: it counts as being built.
      await touch(build);
      await readStore.ensureCollections(build.target, build.projection.collections);
    }
    if (until === undefined) {
      for (const build of builds) {
        await readStore.activate(build.target, { expectedActive: build.previous });
        build.activated = true;
      }
    }
    return builds.map((b) => ({
      projection: b.projection,
      target: b.target,
      position,
      applied: b.applied,
    }));
  } catch (error) {
    await Promise.all(
      builds
        .filter((b) => !b.activated)
        .map((b) => readStore.drop(b.target).catch(() => undefined)),
    );
    throw error;
  }
}

function failed(build: Build, event: RecordedEvent, error: Error): RebuildError {
  return new RebuildError(
    `${build.projection.name} cannot apply ${event.type} at position ${event.position} (event ${event.id}): ${error.message}`,
    { cause: error },
  );
}
