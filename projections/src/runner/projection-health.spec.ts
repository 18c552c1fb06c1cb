import { afterEach, describe, expect, it } from 'vitest';
import { sampleProjections } from '../testing/sample-projections';
import { openSqliteFixture, type SqliteFixture } from '../testing/sqlite-fixture';
import { submitStory } from '../testing/submit-story';
import { fragileProjection } from '../testing/fragile-projection';
import { createProjectionHealthMonitor, type ProjectionHealth } from './projection-health';
import { createProjectionRunner, type ProjectionRunner } from './projection-runner';

const fixtures: SqliteFixture[] = [];
const runners: ProjectionRunner[] = [];
afterEach(async () => {
  await Promise.all(runners.splice(0).map((r) => r.stop()));
  await Promise.all(fixtures.splice(0).map((f) => f.dispose()));
});

function setUp(projections = sampleProjections) {
  const f = openSqliteFixture();
  fixtures.push(f);
  const runner = createProjectionRunner({
    eventStore: f.eventStore,
    readStore: f.readStore,
    projections,
  });
  runners.push(runner);
  let clock = 1_000_000;
  const monitor = createProjectionHealthMonitor({
    eventStore: f.eventStore,
    readStore: f.readStore,
    projections,
    lagLimitMs: 30_000,
    now: () => clock,
  });
  const submit = (storyId: string, content?: string) => submitStory(f.eventStore, storyId, content);
  const append = (type: 'StoryViewed' | 'StoryVoteCast', storyId: string) =>
    f.eventStore.append(
      `${type}-${storyId}-${Math.random()}`,
      [
        {
          type,
          data:
            type === 'StoryViewed'
              ? { storyId, visitorId: 'visitor_1' }
              : { storyId, userId: 'user_2', vote: 'he' },
          metadata: { correlationId: storyId },
        },
      ],
      'no_stream',
    );
  return { runner, monitor, submit, append, tick: (ms: number) => (clock += ms) };
}

const lagOf = (health: readonly ProjectionHealth[]) =>
  Object.fromEntries(health.map((h) => [h.name, h.lagSeconds]));

describe('projection health, read from the stored checkpoints', () => {
  it('when every copy has reached the head nothing lags and nothing is reported', async () => {
    const { runner, monitor, submit, tick } = setUp();
    runner.start();
    const { position } = await submit('story_1');
    expect(await runner.waitFor(position, ['story-tallies'])).toBe(true);
    tick(60_000);
    const tallies = (await monitor.report()).find((h) => h.name === 'story-tallies')!;
    expect(tallies).toMatchObject({ position, head: position, lagSeconds: 0 });
    expect(tallies.paused).toBeUndefined();
  });

  it('when no projector runs the copies lag from the moment the head was first seen past them', async () => {
    const { monitor, submit, tick } = setUp();
    await submit('story_1');
    expect(await monitor.problems()).toBeNull();
    tick(20_000);
    await submit('story_2');
    expect(await monitor.problems()).toBeNull();
    tick(11_000);
    const health = await monitor.report();
    expect(health.map((h) => h.lagSeconds)).toEqual(health.map(() => 31));
    expect(await monitor.problems()).toBe(
      `projections lagging: ${sampleProjections.map((p) => `${p.name} (31 s behind)`).join(', ')}`,
    );
  });

  it('when a projector catches up later the lag drops back to zero', async () => {
    const { runner, monitor, submit, tick } = setUp();
    const { position } = await submit('story_1');
    await monitor.report();
    tick(40_000);
    expect(await monitor.problems()).toContain('projections lagging');
    runner.start();
    expect(await runner.waitFor(position)).toBe(true);
    expect(await monitor.problems()).toBeNull();
  });

  it('when a projector in any process paused on an event the monitor names it', async () => {
    const fragile = fragileProjection();
    const { runner, monitor, submit } = setUp([...sampleProjections, fragile]);
    runner.start();
    const poison = await submit('story_bad', 'poison');
    await expect.poll(() => runner.readiness().failing).toEqual(['fragile']);
    const health = await monitor.report();
    expect(health.find((h) => h.name === 'fragile')!.paused).toMatchObject({
      position: poison.position,
      eventType: 'StorySubmitted',
    });
    expect(await monitor.problems()).toBe('projection paused on a failed event: fragile');
  });

  it('when only events a projection does not handle lie past its checkpoint it does not lag', async () => {
    const { runner, monitor, submit, append, tick } = setUp();
    runner.start();
    const { position } = await submit('story_1');
    expect(await runner.waitFor(position)).toBe(true);
    await runner.stop();
    await append('StoryViewed', 'story_1');
    const viewed = await append('StoryViewed', 'story_1');
    expect(await monitor.problems()).toBeNull();
    tick(60_000);
    const health = await monitor.report();
    expect(health.find((h) => h.name === 'user-stats')).toMatchObject({
      position,
      head: viewed.position,
      pending: undefined,
      lagSeconds: 0,
    });
    expect(lagOf(health)).toEqual({ 'story-tallies': 60, 'user-stats': 0, 'skip-ranking': 60 });
    expect(await monitor.problems()).toBe(
      'projections lagging: story-tallies (60 s behind), skip-ranking (60 s behind)',
    );
  });

  it('when an event it handles follows ones it passed over it lags from when that event was first seen', async () => {
    const { runner, monitor, submit, append, tick } = setUp();
    runner.start();
    const { position } = await submit('story_1');
    expect(await runner.waitFor(position)).toBe(true);
    await runner.stop();
    await append('StoryViewed', 'story_1');
    await monitor.report();
    tick(20_000);
    const vote = await append('StoryVoteCast', 'story_1');
    await monitor.report();
    tick(11_000);
    const health = await monitor.report();
    expect(health.find((h) => h.name === 'user-stats')).toMatchObject({
      pending: vote.position,
      lagSeconds: 11,
    });
    expect(lagOf(health)).toEqual({ 'story-tallies': 31, 'user-stats': 11, 'skip-ranking': 31 });
  });
});
