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
});
