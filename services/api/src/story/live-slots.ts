/**
 * Caps on open live streams: per client address (a browser keeps about six connections per
 * origin; more streams from one address are a script) and in total. `take` answers the release,
 * or the cap that was hit.
 */
export class LiveSlots {
  private readonly perClient = new Map<string, number>();
  private total = 0;

  constructor(
    readonly maxPerClient: number,
    readonly maxTotal: number,
  ) {}

  take(client: string): { release: () => void } | { refused: 'client' | 'total' } {
    const held = this.perClient.get(client) ?? 0;
    if (held >= this.maxPerClient) return { refused: 'client' };
    if (this.total >= this.maxTotal) return { refused: 'total' };
    this.perClient.set(client, held + 1);
    this.total += 1;
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        this.total -= 1;
        const left = (this.perClient.get(client) ?? 1) - 1;
        if (left > 0) this.perClient.set(client, left);
        else this.perClient.delete(client);
      },
    };
  }

  /** Streams open now (metrics, tests). */
  get open(): number {
    return this.total;
  }
}
