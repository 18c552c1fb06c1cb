import type { Readiness } from '@whosright/contracts/platform/dto';

/** A readiness check answers null when ready, or a short reason why not. */
export type ReadinessCheck = () => Promise<string | null> | string | null;

/**
 * What GET /api/ready asks: stores open, projections caught up. Each part of the system
 * registers its own check when it starts.
 */
export class ReadinessProbe {
  private readonly checks = new Map<string, ReadinessCheck>();

  register(name: string, check: ReadinessCheck): void {
    this.checks.set(name, check);
  }

  async evaluate(): Promise<Readiness> {
    const reasons: string[] = [];
    for (const [name, check] of this.checks) {
      try {
        const reason = await check();
        if (reason) reasons.push(reason);
      } catch (error) {
        reasons.push(`${name}: ${(error as Error).message}`);
      }
    }
    return { status: reasons.length === 0 ? 'ready' : 'not_ready', reasons };
  }
}
