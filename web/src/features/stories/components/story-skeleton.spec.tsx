import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { StorySkeleton } from '#web/features/stories/components/story-skeleton.tsx';
import { storyView } from '#web/testing/story-view.ts';

describe('story skeleton', () => {
  it('when the story is not there yet it says the story is loading', () => {
    render(<StorySkeleton />);

    expect(screen.getByRole('status', { name: 'Loading story' })).toBeInTheDocument();
  });

  it("when the story's data is there before the card's code it shows the text and the category, busy, with nothing to press yet", () => {
    const story = storyView({
      id: 'story_01ARZ3NDEKTSV4RRFFQ69G5FAV',
      content: 'He folds the towels in thirds; she folds them in half.',
    });
    const { container } = render(<StorySkeleton story={story} />);

    expect(screen.getByText(story.content)).toBeVisible();
    expect(screen.getByText('Household Chores')).toBeInTheDocument();
    expect(container.firstElementChild).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
