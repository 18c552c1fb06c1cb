import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LogReader } from '@whosright/eventstore/port';
import { activeHashes } from '../testing/read-models';
import { sampleLog } from '../testing/sample-log';
import { sampleProjections } from '../testing/sample-projections';
import { openSqliteFixture, type SqliteFixture } from '../testing/sqlite-fixture';
import { submitStory } from '../testing/submit-story';
import { fragileProjection } from '../testing/fragile-projection';
import { defineProjection, type AnyProjection } from './projection';
import { createProjectionRunner, type ProjectionRunner } from './projection-runner';

const fixtures: SqliteFixture[] = [];
const runners: ProjectionRunner[] = [];

afterEach(async () => {
  await Promise.all(runners.splice(0).map((r) => r.stop()));
  await Promise.all(fixtures.splice(0).map((f) => f.dispose()));
});

/** The log as the runner reads it, noting the position of every event its subscriptions deliver. */
function watchingDeliveries(eventStore: LogReader) {
  const delivered: bigint[] = [];
  const watched: LogReader = {
    ...eventStore,
    readAll: (options) => eventStore.readAll(options),
    readStream: (stream, options) => eventStore.readStream(stream, options),
    headPosition: () => eventStore.headPosition(),
    subscribeAll(options) {
      const inner = eventStore.subscribeAll(options);
      return {
        close: () => inner.close(),
        skipTo: (position) => inner.skipTo?.(position),
        async *[Symbol.asyncIterator]() {
          for await (const message of inner) {
            if (message.kind === 'event') delivered.push(message.event.position);
            yield message;
          }
        },
      };
    },
  };
  return { watched, delivered };
}

/** The embedded mode: a runner whose live projections also apply appends in their transaction. */
async function embedded(
  projections: readonly AnyProjection[] = sampleProjections,
  idleCheckpointMs?: number,
) {
  const f = openSqliteFixture();
  fixtures.push(f);
  const committed: Array<{ projection: string; positions: bigint[] }> = [];
  const { watched, delivered } = watchingDeliveries(f.eventStore);
  const r = createProjectionRunner({
    eventStore: watched,
    readStore: f.readStore,
    projections,
    ...(idleCheckpointMs === undefined ? {} : { idleCheckpointMs }),
    onCommitted: (projection, events) =>
      committed.push({ projection, positions: events.map((e) => e.position) }),
  });
  runners.push(r);
  r.start();
  // Live first: a projection still catching up is left to its subscription.
  await submitStory(f.eventStore, 'story_warmup');
  expect(await r.waitFor(await f.eventStore.headPosition(), undefined, 20_000)).toBe(true);
  f.eventStore.stepInAppends((events, before) => r.applyInTransaction!(events, before));
  return { ...f, runner: r, committed, delivered };
}

describe('projections applied inside the append transaction', () => {
  it('when an append returns its events are already in the read models and told to listeners', async () => {
    const { eventStore, readStore, committed } = await embedded();
    const stories = readStore.collection('story-tallies', 'stories');
    const users = readStore.collection('user-stats', 'users');
    committed.length = 0;

    const lone = await submitStory(eventStore, 'story_lone', 'one');
    // No turn of the event loop has passed: only the append's own transaction can have written it.
    expect((await stories.get('story_lone'))?.status).toBe('pending');
    expect(committed.map((c) => c.projection).sort()).toEqual([
      'skip-ranking',
      'story-tallies',
      'user-stats',
    ]);
    expect(committed.every((c) => c.positions[0] === lone.position)).toBe(true);

    const [, voted] = await eventStore.appendAll!([
      {
        stream: 'story-story_grouped',
        expected: 'no_stream',
        events: [
          {
            type: 'StorySubmitted',
            data: {
              storyId: 'story_grouped',
              authorId: 'user_2',
              category: 'money',
              content: 'two',
              submittedAt: new Date().toISOString(),
            },
            metadata: { correlationId: 'g' },
          },
        ],
      },
      {
        stream: 'storyVote-story_grouped-user_v',
        expected: 'no_stream',
        events: [
          {
            type: 'StoryVoteCast',
            data: { storyId: 'story_grouped', userId: 'user_v', vote: 'he' },
            metadata: { correlationId: 'g' },
          },
        ],
      },
    ]);
    expect(await stories.get('story_grouped')).toMatchObject({ heVotes: 1, totalVotes: 1 });
    expect((await users.get('user_2'))?.storiesSubmitted).toBe(1);
    const active = await readStore.active('story-tallies');
    expect(await readStore.checkpoint(active!)).toBe(voted!.position);
  });

  it('when the same events then reach each projection through its subscription they are not applied twice', async () => {
    const inline = await embedded();
    const clean = openSqliteFixture();
    fixtures.push(clean);
    for await (const { stream, type, data, metadata } of inline.eventStore.readAll())
      await clean.eventStore.append(stream, [{ type, data, metadata }], 'any');
    const log = [...sampleLog({ events: 1_500, seed: 7 })];
    // One at a time and a few together, as requests append.
    for (let i = 0; i < log.length; i += 1 + (i % 3)) {
      const group = log.slice(i, i + 1 + (i % 3));
      await Promise.all(
        group.map(({ stream, event }) => inline.eventStore.append(stream, [event], 'any')),
      );
      for (const { stream, event } of group) await clean.eventStore.append(stream, [event], 'any');
    }
    const cleanRunner = createProjectionRunner({
      eventStore: clean.eventStore,
      readStore: clean.readStore,
      projections: sampleProjections,
    });
    runners.push(cleanRunner);
    cleanRunner.start();
    const head = await clean.eventStore.headPosition();
    expect(await inline.eventStore.headPosition()).toBe(head);
    expect(await cleanRunner.waitFor(head, undefined, 20_000)).toBe(true);
    expect(await inline.runner.waitFor(head, undefined, 20_000)).toBe(true);
    // One more append, outside the transaction and the same on both: once each runner has it,
    // every subscription has delivered (in order) all that was applied before it.
    inline.eventStore.stepInAppends(() => undefined);
    const last = await submitStory(inline.eventStore, 'story_last', 'last');
    for await (const { stream, type, data, metadata } of inline.eventStore.readAll({ after: head }))
      await clean.eventStore.append(stream, [{ type, data, metadata }], 'any');
    expect(await clean.eventStore.headPosition()).toBe(last.position);
    expect(await cleanRunner.waitFor(last.position, undefined, 20_000)).toBe(true);
    expect(await inline.runner.waitFor(last.position, undefined, 20_000)).toBe(true);
    expect(inline.committed.length).toBeGreaterThan(1_000);
    expect(await activeHashes(inline.readStore, sampleProjections)).toEqual(
      await activeHashes(clean.readStore, sampleProjections),
    );
  });

  it('when every projection applied an append there no subscription wakes to deliver it again', async () => {
    const { eventStore, runner, delivered } = await embedded();
    delivered.length = 0;
    for (let i = 0; i < 20; i++) await submitStory(eventStore, `story_quiet_${i}`, 'quiet');
    // An append the step leaves alone reaches the projections through their subscriptions, in
    // order: once it has, any delivery of the 20 before it would have come first.
    eventStore.stepInAppends(() => undefined);
    const outside = await submitStory(eventStore, 'story_outside', 'outside');
    expect(await runner.waitFor(outside.position, undefined, 5_000)).toBe(true);
    expect(new Set(delivered)).toEqual(new Set([outside.position]));
  });

  it('when a projection ignores the appends its stored checkpoint still follows the log', async () => {
    const ignoring = defineProjection<never>({
      name: 'ignores-stories',
      version: 1,
      eventTypes: ['NeverAppended'],
      collections: [{ name: 'docs', indexes: [] }],
      apply: () => [],
    });
    const { eventStore, readStore, delivered } = await embedded(
      [...sampleProjections, ignoring],
      50,
    );
    delivered.length = 0;
    let last = 0n;
    // The appends come 60 ms apart on the clock the runner reads (Date.now), faked here: past its
    // 50 ms, an append's transaction stores the position reached.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      for (let i = 0; i < 4; i++) {
        vi.setSystemTime(Date.now() + 60);
        last = (await submitStory(eventStore, `story_idle_${i}`, 'idle')).position;
      }
    } finally {
      vi.useRealTimers();
    }
    const active = await readStore.active('ignores-stories');
    expect(await readStore.checkpoint(active!)).toBe(last);
    expect(delivered).toEqual([]);
  });

  it('when a projection cannot apply an event there it is left to its runner, which parks it as before', async () => {
    let broken = true;
    const fragile = fragileProjection(() => broken);
    const { eventStore, runner, readStore } = await embedded([...sampleProjections, fragile]);
    const poison = await submitStory(eventStore, 'story_bad', 'poison');
    // The others applied it in the transaction; the fragile one did not, and pauses on it.
    expect((await readStore.collection('story-tallies', 'stories').get('story_bad'))?._id).toBe(
      'story_bad',
    );
    expect(await runner.waitFor(poison.position, ['fragile'], 500)).toBe(false);
    const paused = runner.status().find((s) => s.name === 'fragile');
    expect(paused?.deadLetter?.position).toBe(poison.position);
    broken = false;
    runner.resume('fragile');
    const after = await submitStory(eventStore, 'story_after', 'fine');
    expect(await runner.waitFor(after.position, ['fragile'], 5_000)).toBe(true);
  });
});
