import { z } from 'zod';
import { automodRuleBodySchema } from '@whosright/contracts/automod/dto';
import type { ForgettingLog } from '@whosright/eventstore/port';
import { eventLoopTurns } from '#api/platform/jobs/event-loop-turns';
import type { JobOptions, JobQueue } from '#api/platform/jobs/job-queue';
import { DRY_RUN_EVENT_TYPES, DryRunCount } from './dry-run-count';
import type { DryRunRecords } from './dry-run-records';

export const AUTOMOD_DRY_RUN_JOB = 'automod-dry-run';

/** One run at a time per process: each reads the log on the process that also serves members. */
const dryRunJobOptions: JobOptions = { attempts: 1, backoffMs: 0, concurrency: 1 };

const filter = { eventTypes: DRY_RUN_EVENT_TYPES };

export const dryRunPayloadSchema = z.object({
  id: z.string(),
  since: z.iso.datetime(),
  rule: automodRuleBodySchema,
});
export type DryRunPayload = z.infer<typeof dryRunPayloadSchema>;

export interface DryRunJobDeps {
  /** Dry runs show people's writing: they read the log with deleted members forgotten. */
  log: ForgettingLog;
  records: DryRunRecords;
  /** Events read between two saves of the progress (default 500). */
  saveEvery?: number;
  /** The clock its turns given to the event loop are timed by (a spec's own). */
  now?: () => number;
}

/** The events a dry run reads (its progress total), when the store can count them. */
export async function countDryRunEvents(
  log: Pick<ForgettingLog, 'countEvents'>,
): Promise<number | undefined> {
  return log.countEvents?.({ filter });
}

/** Declares the dry-run job on `queue`, in every process that enqueues or runs it. */
export function registerDryRunJob(queue: JobQueue, deps: DryRunJobDeps): void {
  queue.register(
    AUTOMOD_DRY_RUN_JOB,
    (payload) => dryRun(deps, dryRunPayloadSchema.parse(payload)),
    dryRunJobOptions,
  );
}

/** Reads the texts and decisions of the log in order, saving progress as it goes. */
async function dryRun(deps: DryRunJobDeps, { id, since, rule }: DryRunPayload): Promise<void> {
  const { log, records } = deps;
  const every = deps.saveEvery ?? 500;
  const total = (await countDryRunEvents(log)) ?? 0;
  const count = new DryRunCount(rule, since);
  let read = 0;
  const progress = () => ({ read, total: Math.max(total, read) });
  // It runs beside the requests of the process: a month of texts must not hold them up.
  const turn = eventLoopTurns(deps.now);
  try {
    for await (const event of log.readAll({ filter })) {
      count.add(event);
      read += 1;
      await turn();
      if (read % every === 0)
        await records.save({
          id,
          status: 'running',
          progress: progress(),
          result: null,
          error: null,
        });
    }
    await records.save({
      id,
      status: 'done',
      progress: { read, total: read },
      result: count.result(),
      error: null,
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await records
      .save({ id, status: 'failed', progress: progress(), result: null, error: message })
      .catch(() => undefined);
    throw error;
  }
}
