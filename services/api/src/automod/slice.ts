import { defineSlice } from '#api/wiring/slice';
import { AutomodRules } from './automod-rules';
import { AUTOMOD_DRY_RUN_JOB, countDryRunEvents, registerDryRunJob } from './dry-run-job';
import { DryRunRecords } from './dry-run-records';
import { DryRunService } from './dry-run-service';
import { automodRejections } from './rejections';
import { automodRuleRoutes } from './routes';

declare module '#api/wiring/slice' {
  interface SlicePorts {
    /** The rules a new story or comment is screened against. */
    automod: AutomodRules;
  }
}

/** Automod: admins' rules that mark stories and hold or flag comments, tried against history. */
export const automodSlice = defineSlice({
  name: 'automod',
  rejections: { automod: automodRejections },
  services: ({ bus }) => ({ automod: new AutomodRules(bus) }),
  edge({ log, keyValues, queue }, ports) {
    const records = new DryRunRecords(keyValues, log);
    registerDryRunJob(queue, { log, records });
    const dryRuns = new DryRunService({
      records,
      enqueue: (payload) => queue.enqueue(AUTOMOD_DRY_RUN_JOB, payload, { jobId: payload.id }),
      countEvents: () => countDryRunEvents(log),
    });
    return { routes: (router) => automodRuleRoutes(router, ports.automod, dryRuns) };
  },
});
