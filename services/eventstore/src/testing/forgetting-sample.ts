import type { EventStore, NewEvent, RecordedEvent } from '../port';

/** Members, stories and comments the forgetting specs write and forget. */
export const alice = 'user_01JAAAAAAAAAAAAAAAAAAAAAAA';
export const bob = 'user_01JBBBBBBBBBBBBBBBBBBBBBBB';
export const aliceStory = 'story_01JAAAAAAAAAAAAAAAAAAAAAAA';
export const bobStory = 'story_01JBBBBBBBBBBBBBBBBBBBBBBB';
export const aliceComment = 'comment_01JAAAAAAAAAAAAAAAAAAAAAAA';
export const bobComment = 'comment_01JBBBBBBBBBBBBBBBBBBBBBBB';
export const meta = { correlationId: 'test' };

export const registered = (userId: string, name: string): NewEvent => ({
  type: 'UserRegistered',
  data: {
    userId,
    email: `${name}@example.com`,
    firstName: name,
    lastName: 'Smith',
    passwordHash: '$argon2id$hash',
    role: 'user',
    profileImageUrl: `https://img.example.com/${name}.png`,
  },
  metadata: { ...meta, actorId: userId },
});
export const story = (storyId: string, authorId: string, content: string): NewEvent => ({
  type: 'StorySubmitted',
  data: { storyId, authorId, content, category: 'other' },
  metadata: { ...meta, actorId: authorId },
});
export const resubmitted = (storyId: string, authorId: string, content: string): NewEvent => ({
  type: 'StoryResubmitted',
  data: { storyId, authorId, content, category: 'money', revision: 2 },
  metadata: { ...meta, actorId: authorId },
});
export const comment = (
  commentId: string,
  storyId: string,
  authorId: string,
  content: string,
  storyContent: string,
): NewEvent => ({
  type: 'CommentPosted',
  data: {
    commentId,
    storyId,
    authorId,
    content,
    story: { category: 'other', content: storyContent },
  },
  metadata: { ...meta, actorId: authorId },
});
export const forgotten = (userId: string, storyIds: string[], commentIds: string[]): NewEvent => ({
  type: 'UserForgotten',
  data: { userId, storyIds, commentIds },
  metadata: meta,
});

/** `store`, empty, given the sample's members, stories and comments. */
export async function sampleLog(store: EventStore): Promise<EventStore> {
  await store.append(`user-${alice}`, [registered(alice, 'alice')], 'no_stream');
  await store.append(
    `user-${alice}`,
    [
      {
        type: 'ProfileUpdated',
        data: { username: 'alice_s', profileImageUrl: 'https://img.example.com/a2.png' },
        metadata: meta,
      },
      {
        type: 'ExternalIdentityLinked',
        data: { issuer: 'https://id.example.com', subject: 'alice-subject' },
        metadata: meta,
      },
    ],
    0n,
  );
  await store.append(`user-${bob}`, [registered(bob, 'bob')], 'no_stream');
  await store.append(`story-${aliceStory}`, [story(aliceStory, alice, 'Alice story')], 'any');
  await store.append(`story-${bobStory}`, [story(bobStory, bob, 'Bob story')], 'any');
  await store.append(
    `story-${aliceStory}`,
    [resubmitted(aliceStory, alice, 'Alice revised story')],
    'any',
  );
  await store.append(`story-${bobStory}`, [resubmitted(bobStory, bob, 'Bob revised story')], 'any');
  await store.append(
    `comment-${aliceComment}`,
    [comment(aliceComment, bobStory, alice, 'Alice comment', 'Bob story')],
    'any',
  );
  await store.append(
    `comment-${bobComment}`,
    [comment(bobComment, aliceStory, bob, 'Bob comment', 'Alice story')],
    'any',
  );
  return store;
}

export async function all(events: AsyncIterable<RecordedEvent>): Promise<RecordedEvent[]> {
  const read: RecordedEvent[] = [];
  for await (const event of events) read.push(event);
  return read;
}

export const texts = (events: readonly RecordedEvent[]) =>
  JSON.stringify(events.map((e) => e.data));
