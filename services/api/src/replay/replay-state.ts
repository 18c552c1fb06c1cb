import { z } from 'zod';
import { replayProgressSchema, replayStatusSchema } from '@whosright/contracts/story/ranking-dto';

/** A replay's result is kept this long after it was last touched, then dropped (and built again if asked). */
export const REPLAY_KEPT_MS = 60 * 60_000;
/**
 * A replay that was queued or running and has reported nothing for this long died with its
 * process (a restart, a killed worker): asking for its moment again starts it over.
 */
const REPLAY_STALE_MS = 2 * 60_000;

/** What is stored of one replay (the rows it ranks are stored beside it). */
export const replayStateSchema = z.object({
  id: z.string(),
  status: replayStatusSchema,
  until: z.string(),
  progress: replayProgressSchema,
  error: z.string().optional(),
  /** Epoch ms of the last change. */
  updatedAt: z.number(),
});
export type ReplayState = z.infer<typeof replayStateSchema>;

/**
 * One replay per minute: the moment with its seconds dropped (UTC), and its id,
 * e.g. `stories-202611160930` for 2026-11-16T09:30:45Z.
 */
export function replayMoment(until: string): { id: string; until: string } {
  const minute = Math.floor(Date.parse(until) / 60_000) * 60_000;
  const iso = new Date(minute).toISOString();
  return { id: `stories-${iso.slice(0, 16).replace(/\D/g, '')}`, until: iso };
}

/** Queued or running, and silent for too long: its process is gone. */
export function isStale(state: ReplayState, now: number): boolean {
  return (
    (state.status === 'queued' || state.status === 'running') &&
    now - state.updatedAt > REPLAY_STALE_MS
  );
}
