import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FeedStory } from '@whosright/contracts/story/dto';

import { StoryFeedCard } from '#web/features/stories/components/story-feed-card.tsx';
import { renderWithApp } from '#web/testing/test-utils.tsx';

const card = (verdict: FeedStory['verdict']): FeedStory => ({
  id: 'story_01ARZ3NDEKTSV4RRFFQ69G5FAV',
  content: 'He keeps the receipts in the glovebox. I want them in a folder.',
  category: 'money',
  status: 'approved',
  createdAt: new Date(Date.now() - 3600_000).toISOString(),
  heVotes: 2,
  sheVotes: 9,
  commentCount: 1,
  reactions: { relatable: 0, lol: 0, wtf: 0 },
  verdict,
});

describe('a story in the feed', () => {
  it('when its verdict is shown the card says who is right and by what share instead of Vote', async () => {
    renderWithApp(<StoryFeedCard story={card({ leader: 'she', percent: 82 })} />);
    expect(await screen.findByText("She's Right · 82%")).toBeInTheDocument();
    expect(screen.queryByText(/Vote →/)).not.toBeInTheDocument();
  });

  it('when the votes are tied it says Split · 50%', async () => {
    renderWithApp(<StoryFeedCard story={card({ leader: null, percent: 50 })} />);
    expect(await screen.findByText('Split · 50%')).toBeInTheDocument();
  });

  it('when the verdict is not for this reader yet the card invites a vote and gives nothing away', async () => {
    renderWithApp(<StoryFeedCard story={card(null)} />);
    expect(await screen.findByText(/Vote →/)).toBeInTheDocument();
    expect(screen.queryByText(/Right ·|Split ·/)).not.toBeInTheDocument();
  });
});
