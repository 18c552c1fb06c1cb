/**
 * `npm run jobs -- failed` lists the jobs that used every attempt; `npm run jobs -- retry <id>`
 * (or `retry all`) runs them again from their first attempt. Scale mode only: without REDIS_URL
 * jobs live inside the server process, and a failed one is in its log.
 */
import { createJobQueue } from '#api/platform/jobs/create-job-queue';
import { createLogger } from '#api/platform/logger';
import { configOrRefuse, fail, refuse } from './exits';

const USAGE = 'Usage: npm run jobs -- failed | retry <job id> | retry all';

const [command, target, ...rest] = process.argv.slice(2);
if (!(command === 'failed' && !target) && !(command === 'retry' && target && !rest.length))
  refuse(USAGE);
const config = configOrRefuse();
if (!config.redisUrl)
  refuse(
    'Without REDIS_URL jobs run inside the server process: a failed one is in its log ("job failed for good").',
  );

const queue = createJobQueue(config, createLogger({ ...config, logLevel: 'warn' }), {
  runWorker: false,
});
try {
  const failed = await queue.failed(1_000);
  if (command === 'failed') {
    if (!failed.length) console.log('No failed jobs.');
    for (const job of failed)
      console.log(
        [job.id, job.name, `${job.attempts} attempts`, job.failedAt, job.error].join('  '),
      );
  } else {
    const ids = target === 'all' ? failed.map((job) => job.id) : [target!];
    for (const id of ids) {
      if (!(await queue.retry(id))) fail(`No failed job ${id}.`);
      console.log(`${id} queued again.`);
    }
    if (!ids.length) console.log('No failed jobs.');
  }
} finally {
  await queue.close();
}
