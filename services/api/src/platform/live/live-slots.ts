/** Open live streams allowed per client, story screens and bells alike (an IPv4 address, an IPv6 /64). */
export const LIVE_STREAMS_PER_CLIENT = 6;
/** However many descriptors, one instance holds no more streams than this (memory, fan-out). */
const LIVE_STREAMS_CEILING = 10_000;

/** Streams one instance holds: what its descriptors allow for them, within the ceiling. */
export function liveStreamsTotal(allowedByDescriptors: number): number {
  return Math.max(1, Math.min(LIVE_STREAMS_CEILING, allowedByDescriptors));
}

/**
 * Caps on open live streams: per client (a browser keeps about six connections per site; more
 * streams from one client are a script) and in total on this instance. A client over its share
 * is refused; a full instance makes room by ending its oldest stream (whose screen reconnects
 * later or carries on with its queries), so newcomers are never all refused while old streams
 * sit. `take` answers the release, or the refusal.
 */
export class LiveSlots {
  private readonly perClient = new Map<string, number>();
  /** Open slots, oldest first (a Map keeps insertion order), each with how to end its stream. */
  private readonly held = new Map<symbol, { client: string; shed: () => void }>();

  constructor(
    readonly maxPerClient: number,
    readonly maxTotal: number,
    private readonly onShed: () => void = () => undefined,
  ) {}

  /** `shed` ends the stream when the instance needs its slot for a newcomer. */
  take(client: string, shed: () => void): { release: () => void } | { refused: 'client' } {
    const held = this.perClient.get(client) ?? 0;
    if (held >= this.maxPerClient) return { refused: 'client' };
    while (this.held.size >= this.maxTotal) this.shedOldest();
    const slot = Symbol(client);
    this.held.set(slot, { client, shed });
    this.perClient.set(client, held + 1);
    return { release: () => this.release(slot) };
  }

  /** Streams open now (metrics, tests). */
  get open(): number {
    return this.held.size;
  }

  private shedOldest(): void {
    const [oldest] = this.held;
    if (!oldest) return;
    const [slot, { shed }] = oldest;
    this.release(slot);
    this.onShed();
    shed();
  }

  private release(slot: symbol): void {
    const entry = this.held.get(slot);
    if (!entry) return;
    this.held.delete(slot);
    const left = (this.perClient.get(entry.client) ?? 1) - 1;
    if (left > 0) this.perClient.set(entry.client, left);
    else this.perClient.delete(entry.client);
  }
}
