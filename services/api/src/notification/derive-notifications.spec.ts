import { describe, expect, it } from 'vitest';
import {
  notificationsOf,
  type ClosedReport,
  type ReadMarks,
  type StoryFacts,
} from './derive-notifications';

const storyId = 'story_01JAAAAAAAAAAAAAAAAAAAAAAA';
const unreadAll: ReadMarks = { marks: {}, allUpTo: undefined };
const hour = (h: number) => `2026-11-20T${String(h).padStart(2, '0')}:00:00.000Z`;

function facts(overrides: Partial<StoryFacts> = {}): StoryFacts {
  return {
    storyId,
    decisions: [],
    hourlyVotes: [],
    newComments: null,
    commented: false,
    ...overrides,
  };
}

describe('notificationsOf', () => {
  it("tells a moderator's decisions with their reasons, newest first", () => {
    const items = notificationsOf(
      [
        facts({
          decisions: [
            { entryId: '001', at: hour(1), action: 'story.reject', reason: 'Add his side' },
            { entryId: '002', at: hour(2), action: 'story.approve', reason: null },
            { entryId: '003', at: hour(3), action: 'story.hide', reason: null },
          ],
        }),
      ],
      [],
      unreadAll,
    );
    expect(items.map((i) => [i.kind, i.text])).toEqual([
      ['hidden', 'Your story was hidden.'],
      ['approved', 'Your story was approved and is live.'],
      ['rejected', 'Your story was rejected: Add his side'],
    ]);
    expect(items.every((i) => !i.read && i.storyId === storyId)).toBe(true);
  });

  it("when reports are closed it tells what came of each, a ban only as action taken, without the admin's reason, read by its own mark", () => {
    const report = (
      n: number,
      targetType: 'story' | 'comment',
      action: ClosedReport['action'],
    ) => ({
      filingId: `${targetType}:t${n}:0:user_1`,
      targetType,
      storyId,
      closedAt: hour(n),
      action,
    });
    const reports = [
      report(1, 'story', 'dismiss'),
      report(2, 'story', 'hide'),
      report(3, 'comment', 'delete'),
      report(4, 'comment', 'ban'),
      report(5, 'story', 'ban'),
    ];
    const items = notificationsOf(
      [],
      [],
      { marks: { 'report:story:t1:0:user_1': hour(1) }, allUpTo: undefined },
      reports,
    );
    expect(items.map((i) => [i.id, i.kind, i.text, i.read])).toEqual([
      [
        'report:story:t5:0:user_1',
        'report',
        'Your report on a story was reviewed: action was taken.',
        false,
      ],
      [
        'report:comment:t4:0:user_1',
        'report',
        'Your report on a comment was reviewed: action was taken.',
        false,
      ],
      [
        'report:comment:t3:0:user_1',
        'report',
        'Your report on a comment was reviewed: the comment was deleted.',
        false,
      ],
      [
        'report:story:t2:0:user_1',
        'report',
        'Your report on a story was reviewed: the story was hidden.',
        false,
      ],
      [
        'report:story:t1:0:user_1',
        'report',
        'Your report on a story was reviewed: no action was needed.',
        true,
      ],
    ]);
  });

  it('tells each vote milestone at the hour that passed it, and each flip but not the first lead', () => {
    const items = notificationsOf(
      [
        facts({
          hourlyVotes: [
            { at: hour(1), he: 6, she: 0 },
            { at: hour(2), he: 0, she: 6 },
            { at: hour(3), he: 0, she: 2 },
            { at: hour(4), he: 40, she: 0 },
          ],
        }),
      ],
      [],
      unreadAll,
    );
    expect(items.map((i) => [i.id, i.at, i.text])).toEqual([
      [`votes:${storyId}:50`, hour(4), 'Your story reached 50 votes.'],
      [`flip:${storyId}:2`, hour(4), "The majority on your story flipped to He's Right."],
      [`flip:${storyId}:1`, hour(3), "The majority on your story flipped to She's Right."],
      [`votes:${storyId}:10`, hour(2), 'Your story reached 10 votes.'],
    ]);
  });

  it('keeps one comments notification per story: unread with the count, then read once marked', () => {
    const id = `comments:${storyId}`;
    const fresh = notificationsOf(
      [facts({ newComments: { count: 3, newestAt: hour(5) }, commented: true })],
      [],
      unreadAll,
    );
    expect(fresh).toEqual([
      {
        id,
        at: hour(5),
        kind: 'comments',
        storyId,
        text: '3 new comments on your story.',
        read: false,
      },
    ]);
    const read = notificationsOf([facts({ commented: true })], [], {
      marks: { [id]: hour(5) },
      allUpTo: undefined,
    });
    expect(read).toMatchObject([{ id, at: hour(5), read: true }]);
    expect(notificationsOf([facts({ commented: true })], [], unreadAll)).toEqual([]);
  });

  it('when its author unfollowed the story its flips and new comments are not told, its decisions and milestones are', () => {
    const items = notificationsOf(
      [
        facts({
          unfollowed: true,
          decisions: [{ entryId: '001', at: hour(1), action: 'story.approve', reason: null }],
          hourlyVotes: [
            { at: hour(2), he: 6, she: 0 },
            { at: hour(3), he: 0, she: 8 },
          ],
          newComments: { count: 2, newestAt: hour(4) },
          commented: true,
        }),
      ],
      [],
      unreadAll,
    );
    expect(items.map((i) => i.kind)).toEqual(['votes', 'approved']);
  });

  it('reads a notification by its own mark or by "all", only up to its time', () => {
    const decisions = [
      { entryId: '001', at: hour(1), action: 'story.approve' as const, reason: null },
    ];
    const item = (reads: ReadMarks) => notificationsOf([facts({ decisions })], [], reads)[0]!;
    expect(item({ marks: { 'moderation:001': hour(1) }, allUpTo: undefined }).read).toBe(true);
    expect(item({ marks: {}, allUpTo: hour(2) }).read).toBe(true);
    expect(item({ marks: {}, allUpTo: hour(0) }).read).toBe(false);
  });

  it('tells a member their comment reached +10', () => {
    const items = notificationsOf(
      [],
      [{ commentId: 'comment_01JAAAAAAAAAAAAAAAAAAAAAAA', storyId, at: hour(7) }],
      unreadAll,
    );
    expect(items).toMatchObject([
      { kind: 'commentScore', text: 'Your comment reached +10.', storyId, read: false },
    ]);
  });
});
