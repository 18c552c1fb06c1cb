import {
  AUTOMOD_DRY_RUN_DAYS,
  type AutomodDryRunJob,
  type AutomodRuleBody,
} from '@whosright/contracts/automod/dto';
import { ulid } from '@whosright/contracts/shared/ids';
import type { DryRunPayload } from './dry-run-job';
import type { DryRunRecords } from './dry-run-records';

export interface DryRunServiceDeps {
  records: DryRunRecords;
  /** Hands the dry run to the job queue (run here embedded, on the worker in scale mode). */
  enqueue: (payload: DryRunPayload) => Promise<void>;
  /** The events a dry run reads, when the store can count them: shown before the job starts. */
  countEvents?: () => Promise<number | undefined>;
  now?: () => number;
}

const DAY_MS = 24 * 60 * 60_000;

/**
 * "Try it": what a rule, saved or not, would have matched in the last 30 days, as a background
 * job whose progress and result are asked for by id.
 */
export class DryRunService {
  constructor(private readonly deps: DryRunServiceDeps) {}

  async start(rule: AutomodRuleBody): Promise<AutomodDryRunJob> {
    const now = (this.deps.now ?? Date.now)();
    const id = `dryrun_${ulid(now)}`;
    const since = new Date(now - AUTOMOD_DRY_RUN_DAYS * DAY_MS).toISOString();
    const total = (await this.deps.countEvents?.()) ?? 0;
    const job: AutomodDryRunJob = {
      id,
      status: 'running',
      progress: { read: 0, total },
      result: null,
      error: null,
    };
    await this.deps.records.save(job);
    await this.deps.enqueue({ id, since, rule });
    return job;
  }

  get(id: string): Promise<AutomodDryRunJob | undefined> {
    return this.deps.records.get(id);
  }
}
