import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { abortError, type Lease, type LeaseManager } from './port';

export interface RedisLeaseOptions {
  redis: Redis;
  /**
   * How long a lease lives without renewal (default 5 s): a killed holder is replaced after at
   * most this plus `retryMs`, well inside the 10 s a standby projector has to take over.
   */
  ttlMs?: number;
  /** How often a waiting process retries. */
  retryMs?: number;
  keyPrefix?: string;
}

const RENEW = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError(signal!));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Scale mode's lease: `SET key token NX PX ttl`, renewed every third of the ttl by a script that
 * only extends our own token. A failed renewal aborts the lease so the holder stops writing.
 */
export function createRedisLeaseManager({
  redis,
  ttlMs = 5_000,
  retryMs = Math.max(50, Math.floor(ttlMs / 4)),
  keyPrefix = 'whosright:lease:',
}: RedisLeaseOptions): LeaseManager {
  const active = new Set<Lease>();

  function hold(name: string, key: string, token: string): Lease {
    const controller = new AbortController();
    const lose = (reason: string) => {
      clearInterval(timer);
      active.delete(lease);
      if (!controller.signal.aborted) controller.abort(new Error(`Lease ${name} ${reason}`));
    };
    const timer = setInterval(
      () => {
        redis.eval(RENEW, 1, key, token, String(ttlMs)).then(
          (renewed) => {
            if (renewed !== 1) lose('was lost');
          },
          () => lose('could not be renewed'),
        );
      },
      Math.max(10, Math.floor(ttlMs / 3)),
    );
    timer.unref();
    const lease: Lease = {
      name,
      signal: controller.signal,
      async release() {
        if (controller.signal.aborted) return;
        lose('released');
        await redis.eval(RELEASE, 1, key, token);
      },
    };
    active.add(lease);
    return lease;
  }

  return {
    async acquire(name, { signal } = {}) {
      const key = keyPrefix + name;
      const token = randomUUID();
      for (;;) {
        if (signal?.aborted) throw abortError(signal);
        if ((await redis.set(key, token, 'PX', ttlMs, 'NX')) === 'OK')
          return hold(name, key, token);
        await sleep(retryMs, signal);
      }
    },
    async close() {
      await Promise.all([...active].map((lease) => lease.release()));
    },
  };
}
