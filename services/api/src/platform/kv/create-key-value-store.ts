import type { Config } from '#api/platform/config';
import type { KeyValueStore } from './key-value-store';
import { createInMemoryKeyValueStore } from './in-memory-key-value-store';
import { createRedisKeyValueStore } from './redis-key-value-store';

/** Redis when REDIS_URL is set (every process sees the same keys), this process's memory otherwise. */
export function createKeyValueStore(config: Pick<Config, 'redisUrl'>): KeyValueStore {
  return config.redisUrl
    ? createRedisKeyValueStore({ redisUrl: config.redisUrl })
    : createInMemoryKeyValueStore();
}
