import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EventStore } from '@whosright/eventstore/port';
import { duplicatingStoreFor, type DuplicationMode } from '../testing/duplicating-event-store';
import { activeHashes } from '../testing/read-models';
import { appendSampleLog, sampleLog, type SampleAppend } from '../testing/sample-log';
import { sampleProjections, storyTallies, userStats } from '../testing/sample-projections';
import { openSqliteFixture, type SqliteFixture } from '../testing/sqlite-fixture';
import { submitStory } from '../testing/submit-story';
import { fragileProjection } from '../testing/fragile-projection';
import { createInProcessLeaseManager } from './lease/in-process-lease';
import type { AnyProjection } from './projection';
import { createProjectionRunner, type ProjectionRunner } from './projection-runner';

const fixtures: SqliteFixture[] = [];
const runners: ProjectionRunner[] = [];

function fixture(): SqliteFixture {
  const f = openSqliteFixture();
  fixtures.push(f);
  return f;
}

function runner(options: Parameters<typeof createProjectionRunner>[0]): ProjectionRunner {
  const r = createProjectionRunner({ batchSize: 200, ...options });
  runners.push(r);
  r.start();
  return r;
}

async function caughtUp(
  r: ProjectionRunner,
  eventStore: EventStore,
  names?: string[],
): Promise<void> {
  const head = await eventStore.headPosition();
  expect(await r.waitFor(head, names, 20_000)).toBe(true);
}

afterEach(async () => {
  await Promise.all(runners.splice(0).map((r) => r.stop()));
  await Promise.all(fixtures.splice(0).map((f) => f.dispose()));
});

const log: SampleAppend[] = [...sampleLog({ events: 3_000, seed: 11 })];

describe('projection runner', () => {
  it.each(['twice', 'shuffled'] as DuplicationMode[])(
    'when events are delivered %s it builds the same read models as one clean pass',
    async (mode) => {
      const clean = fixture();
      await appendSampleLog(clean.eventStore, log, { database: clean.database });
      const cleanRunner = runner({
        eventStore: clean.eventStore,
        readStore: clean.readStore,
        projections: sampleProjections,
        leases: createInProcessLeaseManager(),
      });
      await caughtUp(cleanRunner, clean.eventStore);

      const noisy = fixture();
      await appendSampleLog(noisy.eventStore, log, { database: noisy.database });
      const noisyRunner = runner({
        eventStore: duplicatingStoreFor(noisy.eventStore, mode),
        readStore: noisy.readStore,
        projections: sampleProjections,
        leases: createInProcessLeaseManager(),
      });
      await caughtUp(noisyRunner, noisy.eventStore);

      const expected = await activeHashes(clean.readStore, sampleProjections);
      expect(await activeHashes(noisy.readStore, sampleProjections)).toEqual(expected);
      const stories = await clean.readStore.collection('story-tallies', 'stories').count();
      expect(stories).toBeGreaterThan(10);
    },
  );

  it('when a command returns its effect is visible to an immediate query, 200 times in a row', async () => {
    const { eventStore, readStore } = fixture();
    const r = runner({ eventStore, readStore, projections: sampleProjections });
    await caughtUp(r, eventStore);
    const stories = readStore.collection('story-tallies', 'stories');
    const users = readStore.collection('user-stats', 'users');
    for (let i = 0; i < 200; i++) {
      const storyId = `story_rw_${i}`;
      const submitted = await eventStore.append(
        `story-${storyId}`,
        [
          {
            type: 'StorySubmitted',
            data: {
              storyId,
              authorId: 'user_rw',
              category: 'money',
              content: `Story ${i}`,
              submittedAt: new Date().toISOString(),
            },
            metadata: { correlationId: `c${i}` },
          },
        ],
        'no_stream',
      );
      expect(await r.waitFor(submitted.position, ['story-tallies', 'user-stats'])).toBe(true);
      expect((await stories.get(storyId))?.status).toBe('pending');
      expect((await users.get('user_rw'))?.storiesSubmitted).toBe(i + 1);

      const voted = await eventStore.append(
        `storyVote-${storyId}-user_v`,
        [
          {
            type: 'StoryVoteCast',
            data: { storyId, userId: 'user_v', vote: 'she' },
            metadata: { correlationId: `v${i}` },
          },
        ],
        'no_stream',
      );
      expect(await r.waitFor(voted.position, ['story-tallies'])).toBe(true);
      expect(await stories.get(storyId)).toMatchObject({
        sheVotes: 1,
        totalVotes: 1,
        votingScore: -100,
      });
    }
  });

  it('when an event cannot be applied it is dead-lettered, that projection pauses and reports it, and the others go on', async () => {
    const { eventStore, readStore } = fixture();
    let broken = true;
    const fragile = fragileProjection(() => broken);
    const r = runner({ eventStore, readStore, projections: [...sampleProjections, fragile] });
    const submit = (storyId: string, content: string) => submitStory(eventStore, storyId, content);
    const ok = await submit('story_ok', 'fine');
    expect(await r.waitFor(ok.position)).toBe(true);
    const poison = await submit('story_bad', 'poison');
    const after = await submit('story_after', 'fine again');

    expect(await r.waitFor(after.position, ['story-tallies', 'user-stats', 'skip-ranking'])).toBe(
      true,
    );
    expect(await r.waitFor(after.position, ['fragile'], 500)).toBe(false);
    const status = r.status().find((s) => s.name === 'fragile')!;
    expect(status.state).toBe('paused');
    expect(status.deadLetter).toMatchObject({
      position: poison.position,
      eventType: 'StorySubmitted',
    });
    expect(status.deadLetter!.error).toContain('cannot digest poison');
    expect(r.readiness()).toEqual({ ready: false, failing: ['fragile'] });
    const [letter] = await readStore.deadLetters('fragile');
    expect(letter).toMatchObject({ position: poison.position, eventType: 'StorySubmitted' });
    expect(await readStore.collection('fragile', 'docs').count()).toBe(1);
    expect(await readStore.collection('story-tallies', 'stories').count()).toBe(3);

    broken = false;
    r.resume('fragile');
    expect(await r.waitFor(after.position, ['fragile'], 5_000)).toBe(true);
    expect(r.readiness()).toEqual({ ready: true, failing: [] });
    expect(await readStore.collection('fragile', 'docs').count()).toBe(3);
  });

  it("when a second runner asks for a held projection it waits (following the holder's checkpoints), then takes over when the first stops", async () => {
    const { eventStore, readStore, database } = fixture();
    await appendSampleLog(eventStore, log.slice(0, 500), { database });
    const leases = createInProcessLeaseManager();
    const first = runner({ eventStore, readStore, projections: [userStats], leases });
    await caughtUp(first, eventStore);
    const second = runner({ eventStore, readStore, projections: [userStats], leases });
    await vi.waitFor(() => expect(second.status()[0]!.state).toBe('waitingForLease'));
    // Meanwhile its waits follow the lease holder's stored checkpoint (scale mode's API processes).
    const vote = await eventStore.append(
      'storyVote-story_x-user_waiter',
      [
        {
          type: 'StoryVoteCast',
          data: { storyId: 'story_x', userId: 'user_waiter', vote: 'he' },
          metadata: { correlationId: 'w' },
        },
      ],
      'no_stream',
    );
    expect(await second.waitFor(vote.position, ['user-stats'])).toBe(true);
    expect((await readStore.collection('user-stats', 'users').get('user_waiter'))?.votesGiven).toBe(
      1,
    );

    await first.stop();
    await appendSampleLog(eventStore, log.slice(500, 1_000), { database });
    await caughtUp(second, eventStore);
    expect(second.status()[0]!.state).toBe('live');
  });

  it('when a runner is never started (an API process in scale mode) its waits follow the checkpoints another runner stores', async () => {
    const { eventStore, readStore, database } = fixture();
    await appendSampleLog(eventStore, log.slice(0, 200), { database });
    const follower = createProjectionRunner({ eventStore, readStore, projections: [userStats] });
    const head = await eventStore.headPosition();
    expect(await follower.waitFor(head, ['user-stats'], 200)).toBe(false);
    const projector = runner({ eventStore, readStore, projections: [userStats] });
    expect(await follower.waitFor(head, ['user-stats'], 10_000)).toBe(true);
    await caughtUp(projector, eventStore);
    expect(follower.status()[0]!.state).toBe('starting');
  });

  it('when only events a projection ignores arrive its stored checkpoint still reaches them while idle', async () => {
    const { eventStore, readStore } = fixture();
    const r = runner({ eventStore, readStore, projections: [userStats], idleCheckpointMs: 100 });
    await caughtUp(r, eventStore);
    let last = 0n;
    for (let i = 0; i < 3; i++)
      ({ position: last } = await eventStore.append(
        `storyView-${i}`,
        [
          {
            type: 'StoryViewed',
            data: { storyId: `story_${i}`, visitorId: 'visitor_1' },
            metadata: { correlationId: 'c' },
          },
        ],
        'any',
      ));
    const stored = async () => readStore.checkpoint((await readStore.active('user-stats'))!);
    await expect.poll(stored, { timeout: 2_000 }).toBe(last);
  });

  it('when a projection version changes it builds the new version beside the live one and flips when caught up', async () => {
    const { eventStore, readStore, database } = fixture();
    await appendSampleLog(eventStore, log, { database });
    const v1 = runner({ eventStore, readStore, projections: [storyTallies] });
    await caughtUp(v1, eventStore);
    const live = (await readStore.active('story-tallies'))!;
    await v1.stop();

    const v2Projection = { ...storyTallies, version: 2 } as unknown as AnyProjection;
    const v2 = runner({ eventStore, readStore, projections: [v2Projection] });
    // Version 1 keeps serving (and satisfying waits) until version 2 has caught up and flipped.
    await vi.waitFor(() => expect(v2.status()[0]!.state).toBe('live'), {
      timeout: 10_000,
      interval: 25,
    });
    await caughtUp(v2, eventStore);
    const now = (await readStore.active('story-tallies'))!;
    expect(now).toMatchObject({ version: 2 });
    expect(now.generation).toBeGreaterThan(live.generation);
    expect(await readStore.collectionNames(live)).toEqual([]);
    expect(v2.status()[0]).toMatchObject({
      state: 'live',
      rebuilding: false,
      generation: now.generation,
    });
  });
});
