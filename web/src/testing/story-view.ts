import type { StoryView } from '@whosright/contracts/story/dto';

/** A story's answer as the story screen gets it, approved and five minutes old, with `overrides`. */
export function storyView(overrides: Partial<StoryView> & Pick<StoryView, 'id'>): StoryView {
  return {
    content: 'He thinks the dishwasher can wait until morning. I think it cannot.',
    category: 'household',
    status: 'approved',
    createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    heVotes: 2,
    sheVotes: 1,
    commentCount: 0,
    reactions: { relatable: 0, lol: 0, wtf: 0 },
    myVote: null,
    myReactions: [],
    saved: false,
    following: false,
    isOwn: false,
    ...overrides,
  };
}
