import type { LogReader } from '@whosright/eventstore/port';
import type { ReadStore } from '../store/port';
import { readModelDocuments } from './content-hash';
import type { AnyProjection, ReportRow } from './projection';
import { rebuildProjections, type RebuildProgress, type RebuiltProjection } from './rebuild';

export interface AsOfOptions {
  /** The log as people may see it (the forgetting log): what is built from it is shown. */
  eventStore: LogReader;
  readStore: ReadStore;
  /** The moment, an ISO time: the events recorded up to it are read. */
  until: string;
  onProgress?: (progress: RebuildProgress) => void;
  /** Aborting it stops the pass; the unfinished copies are dropped. */
  signal?: AbortSignal;
}

/**
 * Read models as they stood at `until`: one pass over the log up to that moment builds each of
 * `projections` into a scratch copy that is never activated (live data untouched), `read` reads
 * each copy, and every copy is dropped whatever happens. The results keep the projections' order.
 */
export async function readAsOf<T>(
  options: AsOfOptions & { projections: readonly AnyProjection[] },
  read: (copy: RebuiltProjection) => Promise<T>,
): Promise<T[]> {
  const { readStore } = options;
  const built = await rebuildProjections({
    eventStore: options.eventStore,
    readStore,
    projections: options.projections,
    until: options.until,
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  try {
    const states: T[] = [];
    for (const copy of built) states.push(await read(copy));
    return states;
  } finally {
    await Promise.all(built.map((copy) => readStore.drop(copy.target).catch(() => undefined)));
  }
}

/** A copy's state as the replay CLI prints it: the projection's own report, or every document. */
export async function copyReport(
  readStore: ReadStore,
  copy: RebuiltProjection,
): Promise<ReportRow[]> {
  const collection = (name: string) => readStore.generationCollection(copy.target, name);
  if (copy.projection.report) return copy.projection.report(collection);
  const rows: ReportRow[] = [];
  const several = copy.projection.collections.length > 1;
  for await (const { collection: name, doc } of readModelDocuments(readStore, copy.target))
    rows.push(several ? { collection: name, ...doc } : doc);
  return rows;
}
