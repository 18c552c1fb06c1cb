import { describe, expect, it } from 'vitest';
import { domainEventCatalog } from '@whosright/contracts/catalog';
import { FORGOTTEN_USERS_STREAM } from '@whosright/contracts/account/events';
import { createSqliteEventStore } from '../sqlite/sqlite-event-store';
import type { EventStore, NewEvent, RecordedEvent, SubscriptionMessage } from '../port';
import { DELETED_TEXT, forgottenEmail } from '@whosright/contracts/account/events';
import { forgetPersonalFields as forgetIn } from './forget-personal-fields';
import { forgettingEventStore } from './forgetting-event-store';

/** The forgetting each event type declares in the product's catalog. */
const forgetPersonalFields = (
  event: Parameters<typeof forgetIn>[0],
  forgotten: Parameters<typeof forgetIn>[1],
) => forgetIn(event, forgotten, domainEventCatalog);

const alice = 'user_01JAAAAAAAAAAAAAAAAAAAAAAA';
const bob = 'user_01JBBBBBBBBBBBBBBBBBBBBBBB';
const aliceStory = 'story_01JAAAAAAAAAAAAAAAAAAAAAAA';
const bobStory = 'story_01JBBBBBBBBBBBBBBBBBBBBBBB';
const aliceComment = 'comment_01JAAAAAAAAAAAAAAAAAAAAAAA';
const bobComment = 'comment_01JBBBBBBBBBBBBBBBBBBBBBBB';
const meta = { correlationId: 'test' };

const registered = (userId: string, name: string): NewEvent => ({
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
const story = (storyId: string, authorId: string, content: string): NewEvent => ({
  type: 'StorySubmitted',
  data: { storyId, authorId, content, category: 'other' },
  metadata: { ...meta, actorId: authorId },
});
const resubmitted = (storyId: string, authorId: string, content: string): NewEvent => ({
  type: 'StoryResubmitted',
  data: { storyId, authorId, content, category: 'money', revision: 2 },
  metadata: { ...meta, actorId: authorId },
});
const comment = (
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
const forgotten = (userId: string, storyIds: string[], commentIds: string[]): NewEvent => ({
  type: 'UserForgotten',
  data: { userId, storyIds, commentIds },
  metadata: meta,
});

async function sampleLog(): Promise<EventStore> {
  const store = createSqliteEventStore({ file: ':memory:', catalog: domainEventCatalog });
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

async function all(events: AsyncIterable<RecordedEvent>): Promise<RecordedEvent[]> {
  const read: RecordedEvent[] = [];
  for await (const event of events) read.push(event);
  return read;
}

const texts = (events: readonly RecordedEvent[]) => JSON.stringify(events.map((e) => e.data));

describe('forgetting personal fields (the upcaster)', () => {
  const none = {
    users: new Set<string>(),
    stories: new Set<string>(),
    comments: new Set<string>(),
  };
  const aliceGone = {
    users: new Set([alice]),
    stories: new Set([aliceStory]),
    comments: new Set([aliceComment]),
  };
  const recorded = (stream: string, event: NewEvent): RecordedEvent => ({
    id: 'e1',
    stream,
    type: event.type,
    data: event.data,
    metadata: { ...event.metadata, recordedAt: '2026-11-01T00:00:00.000Z' },
    revision: 0n,
    position: 1n,
  });

  it('when nobody is forgotten it answers the very same event', () => {
    const event = recorded(`user-${alice}`, registered(alice, 'alice'));
    expect(forgetPersonalFields(event, none)).toBe(event);
  });

  it("when the member is forgotten it replaces their registration's e-mail, names, hash and picture", () => {
    const event = recorded(`user-${alice}`, registered(alice, 'alice'));
    expect(forgetPersonalFields(event, aliceGone).data).toEqual({
      userId: alice,
      email: forgottenEmail(alice),
      firstName: null,
      lastName: null,
      passwordHash: null,
      role: 'user',
      profileImageUrl: null,
    });
  });

  it("when another member is forgotten it leaves this member's events alone", () => {
    const event = recorded(`user-${bob}`, registered(bob, 'bob'));
    expect(forgetPersonalFields(event, aliceGone)).toBe(event);
  });

  it('when the author is forgotten it blanks their story and comment, and the excerpt others quote', () => {
    const theirStory = recorded(`story-${aliceStory}`, story(aliceStory, alice, 'Alice story'));
    const quoting = recorded(
      `comment-${bobComment}`,
      comment(bobComment, aliceStory, bob, 'Bob comment', 'Alice story'),
    );
    expect(forgetPersonalFields(theirStory, aliceGone).data).toMatchObject({
      content: DELETED_TEXT,
    });
    expect(forgetPersonalFields(quoting, aliceGone).data).toMatchObject({
      content: 'Bob comment',
      story: { content: DELETED_TEXT },
    });
  });

  it("when the author is forgotten it blanks every revision of their story, not another's", () => {
    const theirs = recorded(`story-${aliceStory}`, resubmitted(aliceStory, alice, 'Alice v2'));
    const bobs = recorded(`story-${bobStory}`, resubmitted(bobStory, bob, 'Bob v2'));
    expect(forgetPersonalFields(theirs, aliceGone).data).toEqual({
      storyId: aliceStory,
      authorId: alice,
      content: DELETED_TEXT,
      category: 'money',
      revision: 2,
    });
    expect(forgetPersonalFields(bobs, aliceGone)).toBe(bobs);
  });

  it("when the reporter is forgotten it blanks their report's note, not another's", () => {
    const report = (reporterId: string) =>
      recorded(`reports-story-${bobStory}`, {
        type: 'ReportFiled',
        data: {
          targetType: 'story',
          targetId: bobStory,
          storyId: bobStory,
          authorId: bob,
          reporterId,
          round: 0,
          reason: 'personal_info',
          note: 'My address is in it.',
        },
        metadata: { correlationId: 'c' },
      });
    expect(forgetPersonalFields(report(alice), aliceGone).data).toMatchObject({
      reporterId: alice,
      note: DELETED_TEXT,
    });
    const others = report(bob);
    expect(forgetPersonalFields(others, aliceGone)).toBe(others);
  });

  it("when the member is forgotten it blanks admins' notes on them, not on another", () => {
    const note = (memberId: string) =>
      recorded(`memberNotes-${memberId}`, {
        type: 'MemberNoteAdded',
        data: { noteId: 'n1', memberId, adminId: bob, text: 'Warned twice about insults.' },
        metadata: { correlationId: 'c', actorId: bob },
      });
    expect(forgetPersonalFields(note(alice), aliceGone).data).toMatchObject({
      memberId: alice,
      text: DELETED_TEXT,
    });
    const others = note(bob);
    expect(forgetPersonalFields(others, aliceGone)).toBe(others);
  });

  it('when the member is forgotten it replaces their identity subject and token hashes', () => {
    const linked = recorded(`user-${alice}`, {
      type: 'ExternalIdentityLinked',
      data: { issuer: 'https://id.example.com', subject: 'alice-subject' },
      metadata: meta,
    });
    const reset = recorded(`user-${alice}`, {
      type: 'PasswordResetRequested',
      data: { tokenHash: 'abc', expiresAt: '2026-11-01T01:00:00.000Z' },
      metadata: meta,
    });
    expect(JSON.stringify(forgetPersonalFields(linked, aliceGone).data)).not.toContain(
      'alice-subject',
    );
    expect(forgetPersonalFields(reset, aliceGone).data).toMatchObject({ tokenHash: 'forgotten' });
  });
});

describe('forgetting event store', () => {
  it('when nobody is forgotten every read shows the log as it is', async () => {
    const store = await sampleLog();
    const forgetting = forgettingEventStore(store, { catalog: domainEventCatalog });
    expect(await all(forgetting.readAll())).toEqual(await all(store.readAll()));
    await store.close();
  });

  it("when a member is forgotten readAll and readStream show nothing of theirs and keep everyone else's", async () => {
    const store = await sampleLog();
    await store.append(
      FORGOTTEN_USERS_STREAM,
      [forgotten(alice, [aliceStory], [aliceComment])],
      'any',
    );
    const forgetting = forgettingEventStore(store, { catalog: domainEventCatalog });
    const read = await all(forgetting.readAll());
    const shown = texts(read);
    for (const personal of [
      'alice@example.com',
      '"alice"',
      'alice_s',
      'alice-subject',
      'Alice story',
      'Alice revised story',
      'Alice comment',
      'a2.png',
    ])
      expect(shown).not.toContain(personal);
    for (const kept of ['bob@example.com', 'Bob story', 'Bob revised story', 'Bob comment'])
      expect(shown).toContain(kept);
    const stream = texts(await all(forgetting.readStream(`user-${alice}`)));
    expect(stream).not.toContain('alice@example.com');
    // The stored log is unchanged: the store underneath still holds the original.
    expect(texts(await all(store.readStream(`user-${alice}`)))).toContain('alice@example.com');
    await store.close();
  });

  it('when a member is forgotten after a read it names them and their writing on the next look', async () => {
    const store = await sampleLog();
    const forgetting = forgettingEventStore(store, {
      catalog: domainEventCatalog,
      refreshEveryMs: 60_000,
    });
    await all(forgetting.readAll());
    expect((await forgetting.forgotten()).stories.size).toBe(0);
    await store.append(
      FORGOTTEN_USERS_STREAM,
      [forgotten(alice, [aliceStory], [aliceComment])],
      'any',
    );
    // The registry the reads forget by, caught up at once (not when the interval is due).
    const now = await forgetting.forgotten();
    expect([...now.users]).toEqual([alice]);
    expect([...now.stories]).toEqual([aliceStory]);
    expect([...now.comments]).toEqual([aliceComment]);
    await store.close();
  });

  it('when a member is forgotten while a subscription runs it forgets them from then on', async () => {
    const store = await sampleLog();
    const forgetting = forgettingEventStore(store, {
      catalog: domainEventCatalog,
      refreshEveryMs: 60_000,
    });
    const subscription = forgetting.subscribeAll();
    const messages = subscription[Symbol.asyncIterator]();
    // Reading has started (the registry is loaded, still empty) before the member is forgotten.
    await messages.next();
    await store.append(FORGOTTEN_USERS_STREAM, [forgotten(alice, [aliceStory], [])], 'any');
    await store.append(
      `comment-${aliceComment}-again`,
      [comment(aliceComment, aliceStory, alice, 'Alice again', 'Alice story')],
      'any',
    );
    const seen: RecordedEvent[] = [];
    for (;;) {
      const next: IteratorResult<SubscriptionMessage> = await messages.next();
      if (next.done) break;
      if (next.value.kind !== 'event') continue;
      seen.push(next.value.event);
      if (next.value.event.stream === `comment-${aliceComment}-again`) break;
    }
    await subscription.close();
    const last = seen.at(-1);
    expect(last?.type).toBe('CommentPosted');
    expect(last?.data).toMatchObject({ content: DELETED_TEXT, story: { content: DELETED_TEXT } });
    await store.close();
  });
});
