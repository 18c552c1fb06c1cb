import { join } from 'node:path';
import type { Config } from '#api/platform/config';
import type { Logger } from '#api/platform/logger';
import type { RateLimiter } from './rate-limiter';
import { createRedisRateLimiter } from './redis-rate-limiter';
import { createSqliteRateLimiter, RATE_LIMITS_FILE } from './sqlite-rate-limiter';

/**
 * Redis counters when REDIS_URL is set (shared by every API instance), otherwise counters in a
 * SQLite file in DATA_DIR, which outlive a restart.
 */
export async function createRateLimiter(
  config: Pick<Config, 'redisUrl' | 'dataDir'>,
  logger: Logger,
): Promise<RateLimiter> {
  if (config.redisUrl) return createRedisRateLimiter({ redisUrl: config.redisUrl, logger });
  return createSqliteRateLimiter({ file: join(config.dataDir, RATE_LIMITS_FILE) });
}
