import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@whosright/eventstore/port';
import { storyChangesOf } from './publish-story-changes';

let position = 0n;
const event = (type: string, data: object): RecordedEvent => ({
  id: `e${++position}`,
  stream: 's',
  type,
  data,
  metadata: { correlationId: 'c', recordedAt: '2026-01-01T00:00:00.000Z' },
  revision: 0n,
  position,
});

describe('storyChangesOf', () => {
  it('when the stories read model commits votes and comments each story is told once, as a tally', () => {
    const events = [
      event('StoryVoteCast', { storyId: 'story_a', userId: 'u1', vote: 'he' }),
      event('StoryVoteCast', { storyId: 'story_a', userId: 'u2', vote: 'she' }),
      event('CommentPosted', { storyId: 'story_b', commentId: 'c1' }),
      event('StoryViewed', { storyId: 'story_c', visitorKey: 'v' }),
    ];
    expect(storyChangesOf('stories', events)).toEqual([
      { storyId: 'story_a', kind: 'votes' },
      { storyId: 'story_b', kind: 'votes' },
    ]);
  });

  it('when the comments read model commits a comment or a comment vote the list is told', () => {
    const events = [
      event('CommentVoteCast', { storyId: 'story_a', commentId: 'c1' }),
      event('StoryDeleted', { storyId: 'story_b' }),
    ];
    expect(storyChangesOf('comments', events)).toEqual([{ storyId: 'story_a', kind: 'comments' }]);
  });

  it("when the verdict timeline commits votes, or the moderation log a decision, the story's bell news is told", () => {
    const votes = [
      event('StoryVoteCast', { storyId: 'story_a', userId: 'u1', vote: 'he' }),
      event('StoryVoteCast', { storyId: 'story_a', userId: 'u2', vote: 'she' }),
    ];
    expect(storyChangesOf('story-timeline', votes)).toEqual([
      { storyId: 'story_a', kind: 'timeline' },
    ]);
    const log = [
      event('StoryModerated', { storyId: 'story_b', to: 'approved' }),
      event('StorySubmitted', { storyId: 'story_c' }),
      event('CommentKept', { storyId: 'story_d', commentId: 'c1' }),
    ];
    expect(storyChangesOf('moderation-log', log)).toEqual([
      { storyId: 'story_b', kind: 'moderation' },
    ]);
  });

  it('when another read model commits nothing is told', () => {
    expect(storyChangesOf('user-stats', [event('StoryVoteCast', { storyId: 'story_a' })])).toEqual(
      [],
    );
  });
});
