import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newId } from '@whosright/contracts/shared/ids';
import { NotFoundError } from '#api/platform/errors';
import { commandBusOver } from '#api/app/command-bus-over';
import { openLogElsewhere, type LogElsewhere } from '#api/app/testing/log-elsewhere';
import { StoryEngagement } from './story-engagement';

/**
 * The hide lands after the write read the story and before it appends: the moment a second API
 * process or the admin CLI can hit. The write must be decided again on the hidden story, and
 * refused, rather than land on the snapshot it read first.
 */
const metadata = { correlationId: 'test' };
const actor = { correlationId: 'test' };

describe('a write racing the story being hidden', () => {
  let dir: string;
  let store: LogElsewhere;
  const storyId = newId('story');
  const member = { _id: newId('user') };

  /** The store as the service sees it: the hide is appended as the write reads its own stream. */
  function hidingOnFirstRead(prefix: string): LogElsewhere {
    let hidden = false;
    return {
      ...store,
      readStream(stream, options) {
        if (!hidden && stream.startsWith(prefix)) {
          hidden = true;
          const inner = store;
          return (async function* () {
            await inner.append(
              `story-${storyId}`,
              [
                {
                  type: 'StoryModerated',
                  data: {
                    storyId,
                    moderatorId: newId('user'),
                    from: 'approved',
                    to: 'hidden',
                    reason: null,
                  },
                  metadata,
                },
              ],
              'any',
            );
            yield* inner.readStream(stream, options);
          })();
        }
        return store.readStream(stream, options);
      },
    };
  }

  /** A service whose bus holds `log`, over a stories read model that has no card yet. */
  function serviceOver(log: LogElsewhere) {
    return new StoryEngagement(commandBusOver(log, null));
  }

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'wr-hide-race-'));
    store = openLogElsewhere(dir);
    await store.append(
      `story-${storyId}`,
      [
        {
          type: 'StorySubmitted',
          data: { storyId, authorId: newId('user'), content: 'Who is right?', category: 'other' },
          metadata,
        },
        {
          type: 'StoryModerated',
          data: {
            storyId,
            moderatorId: newId('user'),
            from: 'pending',
            to: 'approved',
            reason: null,
          },
          metadata,
        },
      ],
      'no_stream',
    );
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function appendedAfterTheHide(): Promise<string[]> {
    const types: string[] = [];
    for await (const event of store.readAll()) types.push(event.type);
    return types.slice(types.indexOf('StoryModerated', 2) + 1);
  }

  it('when a vote is decided on the approved story it is refused once the hide lands', async () => {
    // The vote's own stream is expected new (not read): the hide lands as its engagement is read.
    const stories = serviceOver(hidingOnFirstRead('storyActivity-'));
    await expect(stories.vote(storyId, member, 'she', actor)).rejects.toBeInstanceOf(NotFoundError);
    expect(await appendedAfterTheHide()).toEqual([]);
  });

  it('when a view is decided on the approved story it is refused once the hide lands', async () => {
    const stories = serviceOver(hidingOnFirstRead('storyActivity-'));
    await expect(stories.track(storyId, `u-${member._id}`, 'view', actor)).rejects.toBeInstanceOf(
      NotFoundError,
    );
    expect(await appendedAfterTheHide()).toEqual([]);
  });

  it('when nothing races the vote it lands', async () => {
    const stories = serviceOver(store);
    await stories.vote(storyId, member, 'she', actor);
    const types: string[] = [];
    for await (const event of store.readAll()) types.push(event.type);
    expect(types).toContain('StoryVoteCast');
  });
});
