import { describe, expect, it } from 'vitest';
import { DELETED_TEXT } from '@whosright/contracts/account/events';
import { DryRunCount, type DryRunEvent } from './dry-run-count';

const since = '2026-11-01T00:00:00.000Z';
const day = (n: number) => new Date(Date.parse(since) + n * 86_400_000).toISOString();
const storyId = (n: number) => `story_${n}`;
const commentId = (n: number) => `comment_${n}`;

const posted = (n: number, content: string, at: string): DryRunEvent => ({
  type: 'CommentPosted',
  data: { commentId: commentId(n), storyId: storyId(0), content },
  metadata: { recordedAt: at },
});
const deletedByAdmin = (n: number, withStory = false): DryRunEvent => ({
  type: 'CommentDeleted',
  data: { commentId: commentId(n), byAdmin: true, ...(withStory ? { withStory: true } : {}) },
  metadata: { recordedAt: day(29) },
});

/**
 * A generated month of comments: comment n says "scam" when n % 3 === 0, is written on day
 * n % 40 - 10 (so some before the window), is deleted by an admin when n % 4 === 0, and swept with
 * its story when n % 5 === 0. Comment 999 matches but was forgotten.
 */
function history(): DryRunEvent[] {
  const events: DryRunEvent[] = [];
  for (let n = 0; n < 120; n++)
    events.push(
      posted(n, n % 3 === 0 ? `A SCAM, number ${n}` : `Fine, number ${n}`, day((n % 40) - 10)),
    );
  for (let n = 0; n < 120; n++) if (n % 4 === 0) events.push(deletedByAdmin(n));
  for (let n = 0; n < 120; n++)
    if (n % 5 === 0 && n % 4 !== 0) events.push(deletedByAdmin(n, true));
  events.push(posted(999, DELETED_TEXT, day(1)));
  return events;
}

describe('DryRunCount', () => {
  it('agrees with a hand count of a generated history', () => {
    const count = new DryRunCount({ name: 'Scams', phrases: ['scam'], target: 'comment' }, since);
    for (const event of history()) count.add(event);
    // By hand: in the window means n % 40 >= 10; matching means n % 3 === 0.
    const inWindow = [...Array(120).keys()].filter((n) => n % 40 >= 10 && n % 3 === 0);
    const removed = inWindow.filter((n) => n % 4 === 0);
    const result = count.result();
    expect(result.comments).toEqual({ matched: inWindow.length, removed: removed.length });
    expect(result.stories).toEqual({ matched: 0, removed: 0 });
    // 12, 24, 36, 60, 72, 96 and 108 were removed.
    expect(result.comments).toEqual({ matched: 30, removed: 7 });
    expect(result.examples).toHaveLength(20);
    // The latest matched first; each says whether it was removed.
    expect(result.examples.map((e) => e.id)).toEqual(inWindow.slice(-20).reverse().map(commentId));
    for (const example of result.examples)
      expect(example.removed).toBe(removed.map(commentId).includes(example.id));
  });

  it('counts an approved held comment once, and a story by its last matching version', () => {
    const count = new DryRunCount({ name: 'Scams', phrases: ['scam*'], target: 'story' }, since);
    const at = day(2);
    const story = (type: string, content: string): DryRunEvent => ({
      type,
      data: { storyId: storyId(1), content },
      metadata: { recordedAt: at },
    });
    count.add(story('StorySubmitted', 'A scam. Who is right?'));
    count.add({
      type: 'StoryModerated',
      data: { storyId: storyId(1), to: 'rejected' },
      metadata: { recordedAt: at },
    });
    count.add(story('StoryResubmitted', 'Scammers! Who is right?'));
    expect(count.result().stories).toEqual({ matched: 1, removed: 1 });
    expect(count.result().examples[0]?.text).toBe('Scammers! Who is right?');

    const comments = new DryRunCount(
      { name: 'Scams', phrases: ['scam'], target: 'comment' },
      since,
    );
    comments.add({ ...posted(1, 'scam', at), type: 'CommentHeld' });
    comments.add(posted(1, 'scam', day(3)));
    expect(comments.result().comments).toEqual({ matched: 1, removed: 0 });
  });
});
