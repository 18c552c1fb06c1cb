import { z } from 'zod';
import type { ReplayProgress } from '@whosright/contracts/story/ranking-dto';
import type { ForgettingLog } from '@whosright/eventstore/port';
import { logFilterFor } from '@whosright/projections/runner/projection';
import type { ReadStore } from '@whosright/projections/store/port';
import { readModels } from '@whosright/projections/read-models';
import { STORIES } from '@whosright/projections/stories/docs';
import { rankingAsOf } from '@whosright/projections/stories/ranking-as-of';
import type { JobOptions, JobQueue } from '#api/platform/jobs/job-queue';
import { finishedProgress, replayProgress, startingProgress } from './replay-progress';
import type { ReplayRecords } from './replay-records';

export const REPLAY_JOB = 'replay-stories';

/**
 * Replays that run at once in one process. Each reads the log up to its moment on the process
 * that also serves members: the others wait in line (their state says queued), so a burst of
 * moments slows the writes no more than two replays do.
 */
export const REPLAYS_AT_ONCE = 2;

/**
 * One run: a replay that fails is marked failed, and asking for its moment again starts it over.
 * At most REPLAYS_AT_ONCE at once, in both the in-process runner and BullMQ.
 */
const replayJobOptions: JobOptions = {
  attempts: 1,
  backoffMs: 0,
  concurrency: REPLAYS_AT_ONCE,
};

/** A replay rebuilds the stories read model, from the events of the types it handles. */
const replayedEvents = logFilterFor(readModels.filter((model) => model.name === STORIES));

/** The events a replay up to `until` reads (its progress total), when the store can count them. */
export async function countReplayEvents(
  log: Pick<ForgettingLog, 'countEvents'>,
  until: string,
): Promise<number | undefined> {
  return log.countEvents?.({ until, ...(replayedEvents ? { filter: replayedEvents } : {}) });
}

const replayPayloadSchema = z.object({ id: z.string(), until: z.iso.datetime() });
export type ReplayPayload = z.infer<typeof replayPayloadSchema>;

export interface ReplayJobDeps {
  /** Replays show people's stories: they read the log with deleted members forgotten. */
  eventStore: ForgettingLog;
  readStore: ReadStore;
  records: ReplayRecords;
  /** How often progress is stored while the replay runs (default 250 ms). */
  progressEveryMs?: number;
}

/**
 * Declares the replay job on `queue`: every process that enqueues or runs it calls this (the API
 * process, and the worker in scale mode, where it runs).
 */
export function registerReplayJob(queue: JobQueue, deps: ReplayJobDeps): void {
  // The payload comes back from Redis in scale mode: parse it at the edge.
  queue.register(
    REPLAY_JOB,
    (payload) => replayStories(deps, replayPayloadSchema.parse(payload)),
    replayJobOptions,
  );
}

/**
 * Keeps the ranking as it stood at `until` (`rankingAsOf`: every rankable story of the moment, so
 * that any rule can rank them). Progress is stored as events are read: done out of the events up
 * to the moment, events/s and the seconds left.
 */
async function replayStories(deps: ReplayJobDeps, payload: ReplayPayload): Promise<void> {
  const { eventStore, readStore, records } = deps;
  const { id, until } = payload;
  const everyMs = deps.progressEveryMs ?? 250;
  const total = await countReplayEvents(eventStore, until);
  let progress: ReplayProgress = startingProgress(total ?? 0);
  const save = (status: 'running' | 'done' | 'failed', error?: string) =>
    records.save({
      id,
      until,
      status,
      progress,
      ...(error ? { error } : {}),
      updatedAt: Date.now(),
    });
  await save('running');
  // Saves one at a time, in order; a failed save is not the replay's failure.
  let saving: Promise<void> = Promise.resolve();
  let savedAt = Date.now();
  try {
    const { rows } = await rankingAsOf({
      eventStore,
      readStore,
      until,
      onProgress: (p) => {
        progress = replayProgress(p, total);
        if (Date.now() - savedAt < everyMs) return;
        savedAt = Date.now();
        saving = saving.then(() => save('running')).catch(() => undefined);
      },
    });
    await saving;
    progress = finishedProgress(progress);
    await records.saveRows(id, rows);
    await save('done');
  } catch (error) {
    await saving;
    await save('failed', error instanceof Error ? error.message : String(error)).catch(
      () => undefined,
    );
    throw error;
  }
}
