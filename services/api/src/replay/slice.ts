import { defineSlice } from '#api/wiring/slice';
import { countReplayEvents, REPLAY_JOB, registerReplayJob } from './replay-job';
import { ReplayRecords } from './replay-records';
import { ReplayService } from './replay-service';
import { replayRoutes } from './routes';

/** Rankings as they stood: replays of the log up to a moment, run as jobs. */
export const replaySlice = defineSlice({
  name: 'replay',
  edge({ log, readStore, keyValues, queue, queries }) {
    // Kept replay rows forget members who deleted their accounts after the replay was built, by
    // the forgetting log's own registry.
    const records = new ReplayRecords(keyValues, log);
    registerReplayJob(queue, { eventStore: log, readStore, records });
    const replays = new ReplayService({
      records,
      enqueue: (payload) => queue.enqueue(REPLAY_JOB, payload, { jobId: payload.id }),
      inQueue: (id) => queue.pending(id),
      stories: queries.stories,
      countEvents: (until) => countReplayEvents(log, until),
    });
    return { routes: (router) => replayRoutes(router, replays) };
  },
});
