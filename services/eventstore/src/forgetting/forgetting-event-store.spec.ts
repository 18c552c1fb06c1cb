import { describe, expect, it } from 'vitest';
import { domainEventCatalog } from '@whosright/contracts/catalog';
import { DELETED_TEXT } from '@whosright/contracts/account/events';
import { forgottenEmail } from '@whosright/contracts/account/forgotten-email';
import { createSqliteEventStore } from '../sqlite/sqlite-event-store';
import type { NewEvent, RecordedEvent } from '../port';
import { forgettingContract } from '../testing/forgetting-contract';
import {
  alice,
  aliceComment,
  aliceStory,
  bob,
  bobComment,
  bobStory,
  comment,
  meta,
  registered,
  resubmitted,
  story,
} from '../testing/forgetting-sample';
import { forgetPersonalFields as forgetIn } from './forget-personal-fields';

/** The forgetting each event type declares in the product's catalog. */
const forgetPersonalFields = (
  event: Parameters<typeof forgetIn>[0],
  forgotten: Parameters<typeof forgetIn>[1],
) => forgetIn(event, forgotten, domainEventCatalog);

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

forgettingContract('sqlite', () =>
  Promise.resolve(createSqliteEventStore({ file: ':memory:', catalog: domainEventCatalog })),
);
