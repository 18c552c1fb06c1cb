import { describe, expect, it } from 'vitest';
import { testCatalog, testMetadata } from '../testing/test-catalog';
import { createSqliteEventStore } from './sqlite-event-store';

const at = (recordedAt: string, by: number) => ({
  type: 'CounterIncremented',
  data: { by },
  metadata: { ...testMetadata, recordedAt },
});

describe('sqlite event store: countEvents', () => {
  it('when given a moment it counts what readAll({ until }) reads, and the whole log without one', async () => {
    const store = createSqliteEventStore({ file: ':memory:', catalog: testCatalog });
    expect(await store.countEvents?.()).toBe(0);
    await store.append(
      'counter-1',
      [at('2026-11-16T09:00:00.000Z', 1), at('2026-11-16T10:00:00.000Z', 2)],
      'no_stream',
    );
    await store.append('counter-2', [at('2026-11-16T11:00:00.000Z', 3)], 'no_stream');
    const until = '2026-11-16T10:00:00.000Z';
    const read = [];
    for await (const event of store.readAll({ until })) read.push(event);
    expect(await store.countEvents?.({ until })).toBe(read.length);
    expect(read).toHaveLength(2);
    expect(await store.countEvents?.({ until: '2026-11-16T08:59:59.999Z' })).toBe(0);
    expect(await store.countEvents?.()).toBe(3);
    await store.close();
  });

  it('when given a filter it counts what readAll({ filter, until }) reads', async () => {
    const store = createSqliteEventStore({ file: ':memory:', catalog: testCatalog });
    const note = (recordedAt: string) => ({
      type: 'NoteAdded',
      data: { text: 'hi', author: 'ann' },
      metadata: { ...testMetadata, recordedAt },
    });
    await store.append(
      'counter-1',
      [at('2026-11-16T09:00:00.000Z', 1), note('2026-11-16T09:30:00.000Z')],
      'no_stream',
    );
    await store.append('note-1', [note('2026-11-16T10:30:00.000Z')], 'no_stream');
    const cases = [
      { filter: { eventTypes: ['NoteAdded'] } },
      { filter: { eventTypes: ['NoteAdded', 'CounterIncremented'] } },
      { filter: { eventTypes: ['NoteAdded'] }, until: '2026-11-16T10:00:00.000Z' },
      { filter: { eventTypes: ['NoteAdded'], streamPrefixes: ['note-'] } },
      { filter: { eventTypes: [] } },
    ];
    for (const options of cases) {
      const read = [];
      for await (const event of store.readAll(options)) read.push(event);
      expect(await store.countEvents?.(options), JSON.stringify(options)).toBe(read.length);
    }
    expect(await store.countEvents?.({ filter: { eventTypes: ['NoteAdded'] } })).toBe(2);
    await store.close();
  });
});
