import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openSqliteDatabase } from '@whosright/sqlite/database';
import { describeWithService } from '@whosright/testing/describe-with-service';
import { redisServer, type RedisServer, startRedisServer } from '@whosright/testing/redis-server';
import { createLogger } from '#api/platform/logger';
import { createInMemoryKeyValueStore } from './in-memory-key-value-store';
import type { KeyValueStore } from './key-value-store';
import { createRedisKeyValueStore } from './redis-key-value-store';
import { createSqliteKeyValueStore } from './sqlite-key-value-store';

let counter = 0;
const key = () => `kv-test-${process.pid}-${++counter}`;

/** What every adapter does: set, get, set only when absent, delete, and drop when expired. */
function keyValueContract(open: () => KeyValueStore) {
  let store: KeyValueStore;
  beforeAll(() => {
    store = open();
  });
  afterAll(async () => {
    await store.close();
  });

  it('when a value is set it is read back, and replaced by the next set', async () => {
    const k = key();
    expect(await store.get(k)).toBeUndefined();
    await store.set(k, 'one', 60_000);
    expect(await store.get(k)).toBe('one');
    await store.set(k, 'two', 60_000);
    expect(await store.get(k)).toBe('two');
    await store.delete(k);
    expect(await store.get(k)).toBeUndefined();
  });

  it('when a key holds a value setIfAbsent leaves it and says so', async () => {
    const k = key();
    expect(await store.setIfAbsent(k, 'first', 60_000)).toBe(true);
    expect(await store.setIfAbsent(k, 'second', 60_000)).toBe(false);
    expect(await store.get(k)).toBe('first');
  });

  it('when its time is up a value is dropped', async () => {
    const k = key();
    await store.set(k, 'brief', 50);
    await vi.waitFor(async () => expect(await store.get(k)).toBeUndefined(), { interval: 20 });
    expect(await store.setIfAbsent(k, 'again', 60_000)).toBe(true);
  });
}

describe('in-memory key-value store', () => {
  keyValueContract(() => createInMemoryKeyValueStore());
});

describe('SQLite key-value store', () => {
  keyValueContract(() => createSqliteKeyValueStore(openSqliteDatabase(':memory:')));
});

describeWithService(redisServer, 'Redis key-value store on a real redis-server', () => {
  let redis: RedisServer;
  beforeAll(async () => {
    redis = await startRedisServer();
  });
  afterAll(async () => {
    await redis.stop();
  });
  keyValueContract(() =>
    createRedisKeyValueStore({
      redisUrl: redis.url,
      logger: createLogger({ logLevel: 'silent', nodeEnv: 'test' }),
    }),
  );
});
