import { automodDryRunJobSchema, type AutomodDryRunJob } from '@whosright/contracts/automod/dto';
import type { KeyValueStore } from '#api/platform/kv/key-value-store';

/** How long a dry run's state and result are kept after it was last written. */
export const DRY_RUN_KEPT_MS = 60 * 60_000;

const key = (id: string) => `automod-dry-run:${id}`;

/**
 * Where dry runs keep their state, progress and result: the shared key-value store (memory
 * embedded, Redis in scale mode), so the worker that runs one and the API that answers for it see
 * the same record.
 */
export class DryRunRecords {
  constructor(private readonly store: KeyValueStore) {}

  async get(id: string): Promise<AutomodDryRunJob | undefined> {
    const text = await this.store.get(key(id));
    return text === undefined ? undefined : automodDryRunJobSchema.parse(JSON.parse(text));
  }

  save(job: AutomodDryRunJob): Promise<void> {
    return this.store.set(key(job.id), JSON.stringify(job), DRY_RUN_KEPT_MS);
  }
}
