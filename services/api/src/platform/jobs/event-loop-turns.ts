import { setImmediate as nextTurn } from 'node:timers/promises';

/** Work a long job does at most before it lets requests, timers and I/O that wait run. */
export const JOB_TURN_MS = 10;

/**
 * For a long loop on a process that also serves requests (an in-process job): `await turns()`
 * once per step; once `JOB_TURN_MS` of work has passed it waits for the event loop's next turn,
 * so what was queued meanwhile runs first. A loop of awaits alone never lets it: each step
 * resumes on a microtask, ahead of any I/O.
 */
export function eventLoopTurns(now: () => number = () => performance.now()): () => Promise<void> {
  let since = now();
  return async () => {
    if (now() - since < JOB_TURN_MS) return;
    await nextTurn();
    since = now();
  };
}
