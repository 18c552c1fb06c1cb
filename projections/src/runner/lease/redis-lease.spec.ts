import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { describeWithService } from '@whosright/testing/describe-with-service';
import { redisServer, type RedisServer, startRedisServer } from '@whosright/testing/redis-server';
import { leaseContract } from './lease.contract';
import { createRedisLeaseManager } from './redis-lease';

describeWithService(redisServer, 'redis lease', () => {
  let server: RedisServer;
  beforeAll(async () => {
    server = await startRedisServer();
  });
  const clients: Redis[] = [];
  const client = () => {
    const redis = new Redis(server.url, { maxRetriesPerRequest: 1 });
    clients.push(redis);
    return redis;
  };
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.quit().catch(() => undefined)));
    await server.stop();
  });

  // Two managers with their own connections stand for two projector processes.
  leaseContract('redis', () => [
    createRedisLeaseManager({ redis: client(), ttlMs: 1_000, retryMs: 20 }),
    createRedisLeaseManager({ redis: client(), ttlMs: 1_000, retryMs: 20 }),
  ]);

  describe('redis lease', () => {
    it('when the holder keeps renewing it keeps the lease past its ttl', async () => {
      const manager = createRedisLeaseManager({ redis: client(), ttlMs: 300 });
      const lease = await manager.acquire('projection:renewed');
      // Shows the lease is NOT lost over three of its ttls: only time can show that.
      await new Promise((resolve) => setTimeout(resolve, 900));
      expect(lease.signal.aborted).toBe(false);
      expect(await client().pttl('whosright:lease:projection:renewed')).toBeGreaterThan(0);
      await lease.release();
    });

    it('when the lease is taken over behind its back the holder learns it has lost it', async () => {
      const redis = client();
      const manager = createRedisLeaseManager({ redis, ttlMs: 300 });
      const lease = await manager.acquire('projection:stolen');
      await redis.set('whosright:lease:projection:stolen', 'someone-else');
      await vi.waitFor(() => expect(lease.signal.aborted).toBe(true), { interval: 20 });
      expect(await redis.get('whosright:lease:projection:stolen')).toBe('someone-else');
    });

    it('when a holder dies without releasing the next process gets the lease after the ttl', async () => {
      const dead = client();
      const first = await createRedisLeaseManager({ redis: dead, ttlMs: 300 }).acquire(
        'projection:crashed',
      );
      dead.disconnect();
      const started = Date.now();
      const second = await createRedisLeaseManager({
        redis: client(),
        ttlMs: 300,
        retryMs: 20,
      }).acquire('projection:crashed');
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(second.signal.aborted).toBe(false);
      await second.release();
      void first;
    });
  });
});
