import { screen } from '@testing-library/react';
import type { ReactNode } from 'react';

import type { SignInFirstProps } from '#web/features/stories/components/story-card.tsx';
import { StoryScreen } from '#web/features/stories/components/story-screen.tsx';
import { renderWithApp } from '#web/testing/test-utils.tsx';

/** The story screen of `id` on a page of its own, its comments a placeholder paragraph. */
export function renderStoryScreen(
  id: string,
  props: { signInFirst?: (p: SignInFirstProps) => ReactNode; banned?: boolean } = {},
) {
  return renderWithApp(<StoryScreen id={id} comments={<p>the comments</p>} {...props} />, {
    path: '/privacy',
  });
}

/**
 * The card is there (its text alone shows earlier, drawn by the skeleton while the card's code
 * loads): wait for this before pressing its buttons.
 */
export const storyCardShown = () => screen.findByRole('article', { name: 'Story' });
