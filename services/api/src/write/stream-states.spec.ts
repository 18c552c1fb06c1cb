import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { domainEventCatalog } from '@whosright/contracts/catalog';
import { newId } from '@whosright/contracts/shared/ids';
import type { StoryEvent } from '@whosright/contracts/story/events';
import { openSqliteDatabase } from '@whosright/sqlite/database';
import { createSqliteEventStore } from '@whosright/eventstore/sqlite/sqlite-event-store';
import type { EventStore } from '@whosright/eventstore/port';
import { story, type StoryState } from '#api/story/decider';
import { storyPool } from '#api/story/pool-decider';
import { StreamStates } from './stream-states';

const metadata = { correlationId: 'test' };
const storyId = newId('story');
const submitted = {
  type: 'StorySubmitted',
  data: { storyId, authorId: newId('user'), content: 'Who is right?', category: 'other' },
};
const moderated = (from: string, to: string) => ({
  type: 'StoryModerated',
  data: { storyId, moderatorId: newId('user'), from, to, reason: null },
});

describe('StreamStates', () => {
  let dir: string;
  let stores: EventStore[];
  const open = () => {
    const store = createSqliteEventStore({
      database: openSqliteDatabase(join(dir, 'events.sqlite')),
      catalog: domainEventCatalog,
    });
    stores.push(store);
    return store;
  };
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'wr-stream-states-'));
    stores = [];
  });
  afterEach(async () => {
    for (const store of stores) await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('when read again it asks only for what came after the revision it folded last', async () => {
    const store = open();
    const states = new StreamStates<StoryState, StoryEvent>(store, story);
    await store.append(
      'story-1',
      [submitted, moderated('pending', 'approved')].map((e) => ({ ...e, metadata })),
      'no_stream',
    );
    expect((await states.read('story-1')).status).toBe('approved');
    const reads = vi.spyOn(store, 'readStream');
    expect((await states.read('story-1')).status).toBe('approved');
    expect(reads).toHaveBeenCalledWith('story-1', { from: 2n });
  });

  it('when another process appends to the stream the next read folds it in', async () => {
    const here = open();
    const elsewhere = open();
    const states = new StreamStates<StoryState, StoryEvent>(here, story);
    await here.append(
      'story-1',
      [submitted, moderated('pending', 'approved')].map((e) => ({ ...e, metadata })),
      'no_stream',
    );
    expect((await states.read('story-1')).status).toBe('approved');
    await elsewhere.append('story-1', [{ ...moderated('approved', 'hidden'), metadata }], 1n);
    expect((await states.read('story-1')).status).toBe('hidden');
  });

  it('when a stream does not exist it answers the initial state and remembers nothing', async () => {
    const store = open();
    const states = new StreamStates<StoryState, StoryEvent>(store, story);
    expect(await states.read('story-none')).toEqual(story.initialState());
    await store.append('story-none', [{ ...submitted, metadata }], 'no_stream');
    expect((await states.read('story-none')).exists).toBe(true);
  });

  it('when two folds of a stream whose evolve changes state in place overlap, each event is applied once', async () => {
    const store = open();
    const states = new StreamStates(store, storyPool, 1);
    const ids = [0, 1, 2, 3, 4].map(() => newId('story'));
    await store.append(
      'storyPool-approved',
      ids.map((storyId, slot) => ({ type: 'StoryPooled', data: { storyId, slot }, metadata })),
      'no_stream',
    );
    await states.fold('storyPool-approved');
    // Removing the last slot pops it: applied twice, a second slot would go too.
    const unpooled = { storyId: ids[4], slot: 4, moved: null };
    await store.append(
      'storyPool-approved',
      [{ type: 'StoryUnpooled', data: unpooled, metadata }],
      4n,
    );
    const [first, second] = await Promise.all([
      states.fold('storyPool-approved'),
      states.fold('storyPool-approved'),
    ]);
    expect(first.state.slots).toEqual(ids.slice(0, 4));
    expect(second.state.slots).toEqual(ids.slice(0, 4));
    expect(second.revision).toBe(5n);
  });

  describe('folds asked while one is on its way', () => {
    /** The store's reads are taken at once but answered only when `release` is called. */
    function heldReads(store: EventStore) {
      const held: Array<() => void> = [];
      let reads = 0;
      const readStream: EventStore['readStream'] = (stream, options) => {
        reads++;
        const taken = (async () => {
          const events = [];
          for await (const event of store.readStream(stream, options)) events.push(event);
          return events;
        })();
        return (async function* () {
          const events = await taken;
          await new Promise<void>((resolve) => held.push(resolve));
          yield* events;
        })();
      };
      return {
        store: Object.assign(Object.create(store) as EventStore, { readStream }),
        reads: () => reads,
        /** Answers the reads taken so far, once at least one was taken. */
        release: async () => {
          while (held.length === 0) await new Promise((resolve) => setImmediate(resolve));
          held.splice(0).forEach((resolve) => resolve());
        },
        /** Answers every read until `work` is done. */
        async releaseUntil<T>(work: Promise<T>): Promise<T> {
          let done = false;
          void work.finally(() => (done = true)).catch(() => undefined);
          while (!done) {
            held.splice(0).forEach((resolve) => resolve());
            await new Promise((resolve) => setImmediate(resolve));
          }
          return work;
        },
      };
    }

    const approve = (store: EventStore) =>
      store.append(
        'story-1',
        [submitted, moderated('pending', 'approved')].map((e) => ({ ...e, metadata })),
        'no_stream',
      );

    /** An approved story, folded by states whose reads wait for `held.release`. */
    async function approvedWithHeldReads() {
      const store = open();
      await approve(store);
      const held = heldReads(store);
      return { store, held, states: new StreamStates<StoryState, StoryEvent>(held.store, story) };
    }

    it('share one read, which starts after the last of them asked', async () => {
      const { held, states } = await approvedWithHeldReads();
      const first = states.fold('story-1');
      const waiting = [states.fold('story-1'), states.fold('story-1'), states.fold('story-1')];
      const [firstFolded, ...folded] = await held.releaseUntil(Promise.all([first, ...waiting]));
      expect(firstFolded.state.status).toBe('approved');
      expect(held.reads()).toBe(2);
      expect(folded.map((f) => f.state.status)).toEqual(['approved', 'approved', 'approved']);
    });

    it('see what was appended after the fold on its way read the stream', async () => {
      const { store, held, states } = await approvedWithHeldReads();
      const first = states.fold('story-1');
      await new Promise((resolve) => setImmediate(resolve));
      await store.append('story-1', [{ ...moderated('approved', 'hidden'), metadata }], 1n);
      const second = states.fold('story-1');
      await held.release();
      expect((await first).state.status).toBe('approved');
      await held.release();
      expect((await second).state.status).toBe('hidden');
      expect((await second).revision).toBe(2n);
    });
  });
});
