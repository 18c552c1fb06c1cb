import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RateLimitedError } from '#api/platform/errors';
import { captureLogs } from '#api/platform/jobs/capture-logs';
import { describeWithService } from '@whosright/testing/describe-with-service';
import { redisServer, type RedisServer, startRedisServer } from '@whosright/testing/redis-server';
import { rateLimitPolicies } from './policies';
import { rateLimiterContract } from './rate-limiter.contract';
import { createRedisRateLimiter } from './redis-rate-limiter';
import { createSqliteRateLimiter } from './sqlite-rate-limiter';

const policy = rateLimitPolicies.forgotPasswordPerEmail;

describe('SQLite rate limiter', () => {
  rateLimiterContract(() =>
    createSqliteRateLimiter({
      file: join(mkdtempSync(join(tmpdir(), 'wr-limits-')), 'rate-limits.sqlite'),
    }),
  );
});

describeWithService(redisServer, 'Redis rate limiter on a real redis-server', () => {
  let redis: RedisServer;
  beforeAll(async () => {
    redis = await startRedisServer();
  });
  afterAll(async () => {
    await redis.stop();
  });

  const make = (keyPrefix: string) =>
    createRedisRateLimiter({ redisUrl: redis.url, logger: captureLogs().logger, keyPrefix });

  rateLimiterContract(() => make(`test-${randomUUID()}`));

  it('when two API instances share Redis they share the counters', async () => {
    const prefix = `test-${randomUUID()}`;
    const [a, b] = await Promise.all([make(prefix), make(prefix)]);
    try {
      for (let i = 1; i <= 3; i += 1) await a.consume(policy, 'ann@example.com');
      for (let i = 1; i <= 2; i += 1) await b.consume(policy, 'ann@example.com');
      await expect(a.consume(policy, 'ann@example.com')).rejects.toBeInstanceOf(RateLimitedError);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('when counters are stored the e-mail itself never reaches Redis', async () => {
    const prefix = `test-${randomUUID()}`;
    const limiter = await make(prefix);
    const client = new Redis(redis.url);
    try {
      await limiter.consume(policy, 'ann@example.com');
      const keys = await client.keys(`${prefix}:*`);
      expect(keys).toHaveLength(1);
      expect(keys[0]).toMatch(new RegExp(`^${prefix}:forgot-password-email:[A-Za-z0-9_-]{32}$`));
    } finally {
      client.disconnect();
      await limiter.close();
    }
  });

  it('when Redis cannot be reached it still limits, counting in memory', async () => {
    const down = await startRedisServer();
    await down.stop();
    const logs = captureLogs();
    const limiter = await createRedisRateLimiter({
      redisUrl: down.url,
      logger: logs.logger,
      connectTimeoutMs: 200,
    });
    try {
      for (let i = 1; i <= 5; i += 1) await limiter.consume(policy, 'ann@example.com');
      await expect(limiter.consume(policy, 'ann@example.com')).rejects.toBeInstanceOf(
        RateLimitedError,
      );
      expect(logs.entries()).toContainEqual(
        expect.objectContaining({
          msg: 'rate limits: Redis not reachable yet, counting in memory until it is',
        }),
      );
    } finally {
      await limiter.close();
    }
  });
});
