import {
  automodDryRunJobSchema,
  type AutomodDryRunJob,
  type AutomodDryRunResult,
} from '@whosright/contracts/automod/dto';
import type { Forgotten, ForgettingLog } from '@whosright/eventstore/port';
import type { KeyValueStore } from '#api/platform/kv/key-value-store';

/** How long a dry run's state and result are kept after it was last written. */
export const DRY_RUN_KEPT_MS = 60 * 60_000;

const key = (id: string) => `automod-dry-run:${id}`;

/**
 * Where dry runs keep their state, progress and result: the shared key-value store (memory
 * embedded, Redis in scale mode), so the worker that runs one and the API that answers for it see
 * the same record. A kept result outlives its run: a member who deletes their account afterwards
 * is forgotten in it on every read, as a run made now would show it (their writing matches
 * nothing), and the stored copy is rewritten without it.
 */
export class DryRunRecords {
  constructor(
    private readonly store: KeyValueStore,
    private readonly log: Pick<ForgettingLog, 'forgotten'>,
  ) {}

  async get(id: string): Promise<AutomodDryRunJob | undefined> {
    const text = await this.store.get(key(id));
    if (text === undefined) return undefined;
    const job = automodDryRunJobSchema.parse(JSON.parse(text));
    if (!job.result?.examples.length) return job;
    const result = withoutForgotten(job.result, await this.log.forgotten());
    if (result === job.result) return job;
    const kept = { ...job, result };
    await this.save(kept);
    return kept;
  }

  save(job: AutomodDryRunJob): Promise<void> {
    return this.store.set(key(job.id), JSON.stringify(job), DRY_RUN_KEPT_MS);
  }
}

/** The result less the examples deleted members wrote, each also taken out of its counts. */
function withoutForgotten(result: AutomodDryRunResult, forgotten: Forgotten): AutomodDryRunResult {
  const gone = (example: AutomodDryRunResult['examples'][number]) =>
    (example.targetType === 'story' ? forgotten.stories : forgotten.comments).has(example.id);
  const dropped = result.examples.filter(gone);
  if (dropped.length === 0) return result;
  const counts = { stories: { ...result.stories }, comments: { ...result.comments } };
  for (const example of dropped) {
    const count = example.targetType === 'story' ? counts.stories : counts.comments;
    count.matched = Math.max(0, count.matched - 1);
    if (example.removed) count.removed = Math.max(0, count.removed - 1);
  }
  return { ...result, ...counts, examples: result.examples.filter((e) => !gone(e)) };
}
