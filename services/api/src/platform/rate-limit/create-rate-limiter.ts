import type { Config } from '#api/platform/config';
import type { Logger } from '#api/platform/logger';
import { createMemoryRateLimiter } from './memory-rate-limiter';
import type { RateLimiter } from './rate-limiter';
import { createRedisRateLimiter } from './redis-rate-limiter';

/** Redis counters when REDIS_URL is set, in-process counters otherwise (DESIGN.md section 2). */
export async function createRateLimiter(
  config: Pick<Config, 'redisUrl'>,
  logger: Logger,
): Promise<RateLimiter> {
  if (config.redisUrl) return createRedisRateLimiter({ redisUrl: config.redisUrl, logger });
  return createMemoryRateLimiter();
}
