import { afterEach, describe, expect, it } from 'vitest';
import { storyTallies } from '../testing/sample-projections';
import { openSqliteFixture, type SqliteFixture } from '../testing/sqlite-fixture';
import { createCheckpointWaiter } from './checkpoint-waiter';
import { createInProcessLeaseManager } from './lease/in-process-lease';
import { createProjectionRunner } from './projection-runner';

let fixture: SqliteFixture | undefined;
afterEach(async () => fixture?.dispose());

describe('checkpoint waiter', () => {
  it('when the projector runs elsewhere it waits on stored checkpoints and times out on a position not yet reached', async () => {
    fixture = openSqliteFixture();
    const { eventStore, readStore } = fixture;
    const projector = createProjectionRunner({
      eventStore,
      readStore,
      projections: [storyTallies],
      leases: createInProcessLeaseManager(),
    });
    projector.start();
    const waiter = createCheckpointWaiter(readStore);
    const { position } = await eventStore.append(
      'story-story_w',
      [
        {
          type: 'StorySubmitted',
          data: {
            storyId: 'story_w',
            authorId: 'user_w',
            category: 'money',
            content: 'x',
            submittedAt: new Date().toISOString(),
          },
          metadata: { correlationId: 'c' },
        },
      ],
      'no_stream',
    );
    expect(await waiter.waitFor(position, ['story-tallies'], 5_000)).toBe(true);
    expect(await readStore.collection('story-tallies', 'stories').get('story_w')).toBeDefined();
    expect(await waiter.waitFor(position + 10n, ['story-tallies'], 100)).toBe(false);
    await projector.stop();
  });
});
