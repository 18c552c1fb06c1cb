/**
 * One active writer per projection. A second runner waits in `acquire` instead of double-writing;
 * `signal` aborts when the lease is lost (expired, taken over).
 */
export interface Lease {
  readonly name: string;
  readonly signal: AbortSignal;
  release(): Promise<void>;
}

export interface LeaseManager {
  /** Waits until the lease is held; rejects when `signal` aborts first. */
  acquire(name: string, options?: { signal?: AbortSignal }): Promise<Lease>;
  close(): Promise<void>;
}

export function abortError(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new Error('Aborted');
}
