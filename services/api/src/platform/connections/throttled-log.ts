/**
 * Counts occurrences by kind and logs them at most once per window: the first at once, the rest
 * as one line with their counts when the window ends. Under an attack that is a line every few
 * seconds, not one per socket.
 */
export class ThrottledLog {
  private readonly pending = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly write: (counts: Record<string, number>, windowSeconds: number) => void,
    private readonly windowMs = 10_000,
  ) {}

  note(kind: string): void {
    this.pending.set(kind, (this.pending.get(kind) ?? 0) + 1);
    if (!this.timer) this.flush();
  }

  private flush(): void {
    if (!this.pending.size) {
      this.timer = undefined;
      return;
    }
    this.write(Object.fromEntries(this.pending), this.windowMs / 1000);
    this.pending.clear();
    this.timer = setTimeout(() => this.flush(), this.windowMs);
    this.timer.unref();
  }
}
