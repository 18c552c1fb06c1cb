import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RecordedEvent } from '@whosright/eventstore/port';
import { storyTallies } from '../testing/sample-projections';
import { openSqliteFixture, type SqliteFixture } from '../testing/sqlite-fixture';
import { submitStory } from '../testing/submit-story';
import { createInProcessLeaseManager } from './lease/in-process-lease';
import { createProjectionRunner, type ProjectionRunner } from './projection-runner';

let fixture: SqliteFixture | undefined;
let runner: ProjectionRunner | undefined;
afterEach(async () => {
  await runner?.stop();
  await fixture?.dispose();
});

describe('the projection runner telling of commits (live notifications)', () => {
  it('when a batch commits the listener hears its projection and events, after readers can see them', async () => {
    fixture = openSqliteFixture();
    const { eventStore, readStore } = fixture;
    const heard: Array<{ projection: string; events: readonly RecordedEvent[]; seen: boolean }> =
      [];
    let check: Promise<void> = Promise.resolve();
    runner = createProjectionRunner({
      eventStore,
      readStore,
      projections: [storyTallies],
      leases: createInProcessLeaseManager(),
      onCommitted: (projection, events) => {
        const entry = { projection, events, seen: false };
        heard.push(entry);
        const storyId = (events.at(-1)?.data as { storyId: string }).storyId;
        check = readStore
          .collection('story-tallies', 'stories')
          .get(storyId)
          .then((doc) => {
            entry.seen = doc !== null;
          });
      },
    });
    runner.start();
    // The first copy is built, then made active: only commits readers see are told.
    await vi.waitFor(() => expect(runner!.status()[0]!.state).toBe('live'));
    await submitStory(eventStore, 'story_live_1');
    const head = await eventStore.headPosition();
    expect(await runner.waitFor(head, undefined, 5_000)).toBe(true);
    await check;
    const last = heard.at(-1)!;
    expect(last.projection).toBe('story-tallies');
    expect(last.events.map((e) => e.type)).toEqual(['StorySubmitted']);
    expect(last.seen).toBe(true);
  });

  it('when the listener throws the projection keeps running', async () => {
    fixture = openSqliteFixture();
    const { eventStore, readStore } = fixture;
    runner = createProjectionRunner({
      eventStore,
      readStore,
      projections: [storyTallies],
      leases: createInProcessLeaseManager(),
      onCommitted: () => {
        throw new Error('listener broke');
      },
    });
    runner.start();
    await submitStory(eventStore, 'story_live_2');
    await submitStory(eventStore, 'story_live_3');
    const head = await eventStore.headPosition();
    expect(await runner.waitFor(head, undefined, 5_000)).toBe(true);
    expect(runner.status()[0]!.state).toBe('live');
  });
});
