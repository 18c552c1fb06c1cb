import type { Logger } from '#api/platform/logger';
import { connectRedis, redisOutageLog } from '#api/platform/redis/redis-connection';
import type { KeyValueStore } from './key-value-store';

/** The scale-mode adapter: Redis keys with an expiry (`SET ... PX`, `NX` for `setIfAbsent`). */
export function createRedisKeyValueStore(options: {
  redisUrl: string;
  logger: Logger;
}): KeyValueStore {
  const redis = connectRedis(
    options.redisUrl,
    { maxRetriesPerRequest: 3 },
    redisOutageLog(options.logger, 'key-value store'),
  );
  return {
    async get(key) {
      return (await redis.get(key)) ?? undefined;
    },
    async set(key, value, ttlMs) {
      await redis.set(key, value, 'PX', ttlMs);
    },
    async setIfAbsent(key, value, ttlMs) {
      return (await redis.set(key, value, 'PX', ttlMs, 'NX')) === 'OK';
    },
    async delete(key) {
      await redis.del(key);
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
