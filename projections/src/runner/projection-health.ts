import type { EventStore } from '@whosright/eventstore/port';
import type { DeadLetter, ReadModelWriter } from '../store/port';

export interface ProjectionHealth {
  name: string;
  /** The stored checkpoint of the copy readers see (0n before the first commit). */
  position: bigint;
  /** The log's last position when this report was made. */
  head: bigint;
  /** How long the oldest event the copy has not reflected has been in the log, as seen here. */
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
  eventStore: Pick<EventStore, 'headPosition'>;
  readStore: Pick<ReadModelWriter, 'active' | 'checkpoint' | 'deadLetters'>;
  names: readonly string[];
  /** Behind by longer than this counts as lagging (default 30 s). */
  lagLimitMs?: number;
  now?: () => number;
}

/**
 * Projection health from what is stored, so any process can tell (an API instance that runs no
 * projector included). Positions are not event counts in every store (KurrentDB's are byte
 * offsets), so lag is measured in time: each report notes when it first saw the log's head move
 * past a position, and a copy is as far behind as the oldest such note it has not reached.
 */
export function createProjectionHealthMonitor(
  options: ProjectionHealthOptions,
): ProjectionHealthMonitor {
  const { eventStore, readStore, names, lagLimitMs = 30_000, now = Date.now } = options;
  /** When each head was first seen, oldest first; only heads some copy has not reached are kept. */
  const sightings: { head: bigint; at: number }[] = [];

  async function healthOf(name: string, head: bigint, at: number): Promise<ProjectionHealth> {
    const active = await readStore.active(name);
    const position = (active && (await readStore.checkpoint(active))) ?? 0n;
    // A first build that stopped on an event has no active copy yet: any letter is its own.
    const paused = (await readStore.deadLetters(name)).find((l) =>
      active ? l.generation === active.generation && l.position > position : true,
    );
    const waitingSince = sightings.find((s) => s.head > position)?.at;
    const lagSeconds = waitingSince === undefined ? 0 : Math.max(0, (at - waitingSince) / 1000);
    return { name, position, head, lagSeconds, paused };
  }

  async function report(): Promise<ProjectionHealth[]> {
    const at = now();
    const head = await eventStore.headPosition();
    if ((sightings.at(-1)?.head ?? 0n) < head) sightings.push({ head, at });
    const health = await Promise.all(names.map((name) => healthOf(name, head, at)));
    const slowest = health.reduce((min, h) => (h.position < min ? h.position : min), head);
    while (sightings.length > 1 && sightings[0]!.head <= slowest) sightings.shift();
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
