import { describe, expect, it } from 'vitest';
import { createInMemoryKeyValueStore } from '../kv/in-memory-key-value-store';
import { IdempotencyRecords, KEPT_PER_CALLER } from './idempotency-records';

const answer = { status: 201, body: { id: 'x' } };

describe('IdempotencyRecords.keepFor', () => {
  it('when a caller has had KEPT_PER_CALLER answers kept it keeps no more of theirs, and frees the key', async () => {
    const records = new IdempotencyRecords(createInMemoryKeyValueStore());
    for (let i = 0; i < KEPT_PER_CALLER; i++) {
      await records.claim(`k${i}`, 'f');
      await records.keepFor('user:ann', `k${i}`, { state: 'done', fingerprint: 'f', answer });
    }
    expect(await records.get(`k${KEPT_PER_CALLER - 1}`)).toMatchObject({ state: 'done' });

    await records.claim('one-more', 'f');
    await records.keepFor('user:ann', 'one-more', { state: 'done', fingerprint: 'f', answer });

    expect(await records.get('one-more')).toBeUndefined();
    await records.claim('bob', 'f');
    await records.keepFor('user:bob', 'bob', { state: 'done', fingerprint: 'f', answer });
    expect(await records.get('bob')).toMatchObject({ state: 'done', answer });
  });
});
