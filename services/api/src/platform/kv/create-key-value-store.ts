import type { Database } from 'better-sqlite3';
import type { Config } from '#api/platform/config';
import type { Logger } from '#api/platform/logger';
import type { KeyValueStore } from './key-value-store';
import { createInMemoryKeyValueStore } from './in-memory-key-value-store';
import { createRedisKeyValueStore } from './redis-key-value-store';
import { createSqliteKeyValueStore } from './sqlite-key-value-store';

/**
 * Redis when REDIS_URL is set (every process sees the same keys). Otherwise the embedded
 * database when one is given (values that must outlive a restart), else this process's memory.
 */
export function createKeyValueStore(
  config: Pick<Config, 'redisUrl'>,
  logger: Logger,
  options: { embedded?: () => Database } = {},
): KeyValueStore {
  if (config.redisUrl) return createRedisKeyValueStore({ redisUrl: config.redisUrl, logger });
  return options.embedded
    ? createSqliteKeyValueStore(options.embedded())
    : createInMemoryKeyValueStore();
}
