import type { LogReader } from '@whosright/eventstore/port';
import type { DeadLetter, ReadModelWriter } from '../store/port';
import { firstPendingEvent } from './first-pending-event';
import type { AnyProjection } from './projection';

export interface ProjectionHealth {
  name: string;
  /** The stored checkpoint of the copy readers see (0n before the first commit). */
  position: bigint;
  /** The log's last position when this report was made. */
  head: bigint;
  /** The first event the projection handles that the copy does not reflect yet (undefined: none). */
  pending: bigint | undefined;
  /** How long that event has been in the log, as seen here (0 without one). */
  lagSeconds: number;
  /** The event it stopped on, when a projector paused on it (whichever process runs it). */
  paused: DeadLetter | undefined;
}

export interface ProjectionHealthMonitor {
  report(): Promise<ProjectionHealth[]>;
  /** For `/api/ready`: null, or which projections are paused or lag more than the limit. */
  problems(): Promise<string | null>;
}

export interface ProjectionHealthOptions {
  eventStore: Pick<LogReader, 'headPosition' | 'readAll'>;
  readStore: Pick<ReadModelWriter, 'active' | 'checkpoint' | 'deadLetters'>;
  projections: readonly AnyProjection[];
  /** Behind by longer than this counts as lagging (default 30 s). */
  lagLimitMs?: number;
  now?: () => number;
}

/**
 * Projection health from what is stored, so any process can tell (an API instance that runs no
 * projector included). A copy is behind only on an event its projection handles: it passes over
 * the others without storing its checkpoint each time, so a checkpoint short of the head says
 * nothing by itself. Positions are not event counts in every store (KurrentDB's are byte
 * offsets), so lag is measured in time: each report notes when it first saw the log's head, and
 * a copy is as far behind as the first note that had reached its first pending event.
 */
export function createProjectionHealthMonitor(
  options: ProjectionHealthOptions,
): ProjectionHealthMonitor {
  const { eventStore, readStore, projections, lagLimitMs = 30_000, now = Date.now } = options;
  /** When each head was first seen, oldest first; only heads a pending event may need are kept. */
  const sightings: { head: bigint; at: number }[] = [];
  const pendingOf = new Map(projections.map((p) => [p.name, firstPendingEvent(eventStore, p)]));

  async function healthOf(name: string, head: bigint, at: number): Promise<ProjectionHealth> {
    const active = await readStore.active(name);
    const position = (active && (await readStore.checkpoint(active))) ?? 0n;
    // A first build that stopped on an event has no active copy yet: any letter is its own.
    const paused = (await readStore.deadLetters(name)).find((l) =>
      active ? l.generation === active.generation && l.position > position : true,
    );
    const pending = await pendingOf.get(name)!(active?.generation, position, head);
    const waitingSince =
      pending === undefined ? undefined : sightings.find((s) => s.head >= pending)?.at;
    const lagSeconds = waitingSince === undefined ? 0 : Math.max(0, (at - waitingSince) / 1000);
    return { name, position, head, pending, lagSeconds, paused };
  }

  async function report(): Promise<ProjectionHealth[]> {
    const at = now();
    const head = await eventStore.headPosition();
    if ((sightings.at(-1)?.head ?? 0n) < head) sightings.push({ head, at });
    const health = await Promise.all(projections.map((p) => healthOf(p.name, head, at)));
    // Pending events only move forward: a head short of the oldest one is needed no more.
    const oldest = health.reduce(
      (min, h) => (h.pending !== undefined && h.pending < min ? h.pending : min),
      head + 1n,
    );
    while (sightings.length > 1 && sightings[0]!.head < oldest) sightings.shift();
    return health;
  }

  return {
    report,
    async problems() {
      const health = await report();
      const paused = health.filter((h) => h.paused).map((h) => h.name);
      if (paused.length) return `projection paused on a failed event: ${paused.join(', ')}`;
      const lagging = health
        .filter((h) => h.lagSeconds * 1000 > lagLimitMs)
        .map((h) => `${h.name} (${Math.round(h.lagSeconds)} s behind)`);
      return lagging.length ? `projections lagging: ${lagging.join(', ')}` : null;
    },
  };
}
