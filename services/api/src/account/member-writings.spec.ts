import { describe, expect, it } from 'vitest';
import type { NewEvent } from '@whosright/eventstore/port';
import { membersNamedBy } from '@whosright/projections/member-streams/named-members';
import { openLogElsewhere } from '#api/app/testing/log-elsewhere';
import { memberWritings } from './member-writings';

const ann = 'user_01JAAAAAAAAAAAAAAAAAAAAAAA';
const bob = 'user_01JBBBBBBBBBBBBBBBBBBBBBBB';
const annStory = 'story_01JAAAAAAAAAAAAAAAAAAAAAAA';
const annLaterStory = 'story_01JCCCCCCCCCCCCCCCCCCCCCCC';
const bobStory = 'story_01JBBBBBBBBBBBBBBBBBBBBBBB';
const annComment = 'comment_01JAAAAAAAAAAAAAAAAAAAAAAA';
const annRemovedComment = 'comment_01JCCCCCCCCCCCCCCCCCCCCCCC';
const bobComment = 'comment_01JBBBBBBBBBBBBBBBBBBBBBBB';

const by = (actorId: string, type: string, data: unknown): NewEvent => ({
  type,
  data,
  metadata: { actorId, correlationId: 'test' },
});
const submitted = (storyId: string, authorId: string) =>
  by(authorId, 'StorySubmitted', {
    storyId,
    authorId,
    content: 'He folds the towels in thirds. Who is right?',
    category: 'household',
  });
const posted = (commentId: string, storyId: string, authorId: string) =>
  by(authorId, 'CommentPosted', {
    commentId,
    storyId,
    authorId,
    content: 'Thirds is right.',
    story: { category: 'household', content: 'He folds the towels in thirds.' },
  });

/**
 * Ann writes two stories and two comments; she also moderates Bob's story, votes on it, and
 * deleting her first story removes Bob's comment on it: streams that name her but are not hers.
 */
async function annotatedLog() {
  const store = openLogElsewhere(':memory:');
  const append = (stream: string, ...events: NewEvent[]) => store.append(stream, events, 'any');
  await append(`story-${annStory}`, submitted(annStory, ann));
  await append(`story-${bobStory}`, submitted(bobStory, bob));
  await append(
    `story-${bobStory}`,
    by(ann, 'StoryModerated', {
      storyId: bobStory,
      moderatorId: ann,
      from: 'pending',
      to: 'approved',
      reason: null,
    }),
  );
  await append(`comment-${annComment}`, posted(annComment, bobStory, ann));
  await append(
    `storyVote-${bobStory}-${ann}`,
    by(ann, 'StoryVoteCast', { storyId: bobStory, userId: ann, vote: 'she' }),
  );
  await append(`comment-${bobComment}`, posted(bobComment, annStory, bob));
  const deletion = { deletedBy: ann, byAdmin: false };
  await append(
    `story-${annStory}`,
    by(ann, 'StoryDeleted', { storyId: annStory, authorId: ann, ...deletion }),
  );
  await append(
    `comment-${bobComment}`,
    by(ann, 'CommentDeleted', {
      commentId: bobComment,
      storyId: annStory,
      authorId: bob,
      ...deletion,
      withStory: true,
    }),
  );
  await append(`comment-${annRemovedComment}`, posted(annRemovedComment, bobStory, ann));
  await append(
    `comment-${annRemovedComment}`,
    by(bob, 'CommentDeleted', {
      commentId: annRemovedComment,
      storyId: bobStory,
      authorId: ann,
      deletedBy: bob,
      byAdmin: true,
    }),
  );
  await append(`story-${annLaterStory}`, submitted(annLaterStory, ann));
  return store;
}

/** The member-streams read model over that log, answering `limit` stream names a page. */
async function memberStreamsOf(store: Awaited<ReturnType<typeof annotatedLog>>) {
  const named = new Set<string>();
  for await (const event of store.readAll())
    for (const userId of membersNamedBy(event)) named.add(`${userId} ${event.stream}`);
  const ids = [...named].sort();
  return {
    asked: 0,
    streamsOf(userId: string, request: { cursor?: string | undefined; limit: number }) {
      this.asked += 1;
      const after = ids.filter((id) => id.startsWith(`${userId} `) && id > (request.cursor ?? ''));
      const page = after.slice(0, request.limit);
      const next = after.length > request.limit ? page.at(-1) : undefined;
      return Promise.resolve({ streams: page.map((id) => id.slice(id.indexOf(' ') + 1)), next });
    },
  };
}

describe('a leaving member’s writings, from the streams that name them', () => {
  it('when the member’s streams span several pages it finds every story and comment they wrote, and nothing of others', async () => {
    const store = await annotatedLog();
    const streams = await memberStreamsOf(store);
    // The raw log here; the deletion reads the same events through the forgetting log.
    const log = store;
    const writings = await memberWritings({ streams, log, page: 2 }, ann);
    expect(writings).toEqual({
      storyIds: [annStory, annLaterStory],
      commentIds: [annComment, annRemovedComment],
    });
    expect(streams.asked).toBeGreaterThan(2);
    expect(await memberWritings({ streams, log, page: 2 }, bob)).toEqual({
      storyIds: [bobStory],
      commentIds: [bobComment],
    });
    await store.close();
  });
});
