import { connectRedis, redisOutageLog } from '#api/platform/redis/redis-connection';
import { RateLimiterMemory, RateLimiterRedis } from 'rate-limiter-flexible';
import type { Logger } from '#api/platform/logger';
import { createRateLimiterFrom, type RateLimiter } from './rate-limiter';

export interface RedisRateLimiterOptions {
  redisUrl: string;
  logger: Logger;
  /** Namespaces the counters (`<keyPrefix>:<policy>:<hashed key>`). */
  keyPrefix?: string;
  /** How long to wait for the first connection before starting on the fallback. */
  connectTimeoutMs?: number;
}

/**
 * The scale-mode adapter: counters in Redis, shared by every API instance. Commands are not queued
 * while Redis is away (`enableOfflineQueue: false`): each limiter then answers from an in-memory
 * insurance limiter with the same policy, so an outage neither blocks sign-in nor lifts the limits.
 * Resolves once connected (or after `connectTimeoutMs`, on the fallback, with a warning).
 */
export async function createRedisRateLimiter(
  options: RedisRateLimiterOptions,
): Promise<RateLimiter> {
  const { redisUrl, logger, keyPrefix = 'rl', connectTimeoutMs = 5_000 } = options;
  const redis = connectRedis(
    redisUrl,
    { enableOfflineQueue: false, maxRetriesPerRequest: 1 },
    redisOutageLog(logger, 'rate limits'),
  );

  const ready = await new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), connectTimeoutMs);
    redis.once('ready', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
  if (!ready)
    logger.warn(
      { connectTimeoutMs },
      'rate limits: Redis not reachable yet, counting in memory until it is',
    );

  return createRateLimiterFrom(
    (policy) => {
      const base = {
        keyPrefix: `${keyPrefix}:${policy.name}`,
        points: policy.points,
        duration: policy.durationSeconds,
      };
      return new RateLimiterRedis({
        ...base,
        storeClient: redis,
        insuranceLimiter: new RateLimiterMemory(base),
      });
    },
    async () => {
      await redis.quit().catch(() => redis.disconnect());
    },
  );
}
