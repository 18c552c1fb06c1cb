import type { ProjectionStatus } from './status';

export interface Watchable {
  status(): ProjectionStatus;
  onChange(listener: () => void): () => void;
}

type Verdict = 'reached' | 'paused' | 'pending';

function verdict(sources: readonly Watchable[], position: bigint): Verdict {
  let reached = true;
  for (const source of sources) {
    const status = source.status();
    if (status.state === 'paused' || status.state === 'stopped') return 'paused';
    if (status.position < position) reached = false;
  }
  return reached ? 'reached' : 'pending';
}

/** Resolves true when every source has applied `position`, false on timeout or when one cannot progress. */
export function waitForPositions(
  sources: readonly Watchable[],
  position: bigint,
  timeoutMs: number,
): Promise<boolean> {
  const first = verdict(sources, position);
  if (first !== 'pending') return Promise.resolve(first === 'reached');
  return new Promise((resolve) => {
    const unsubscribe = sources.map((source) =>
      source.onChange(() => {
        const now = verdict(sources, position);
        if (now !== 'pending') finish(now === 'reached');
      }),
    );
    const timer = setTimeout(() => finish(false), timeoutMs);
    function finish(result: boolean): void {
      clearTimeout(timer);
      for (const off of unsubscribe) off();
      resolve(result);
    }
  });
}
