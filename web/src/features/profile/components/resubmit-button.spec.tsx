import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { MyStoriesList } from '#web/features/profile/components/my-stories-list.tsx';
import { useSubmitStoryDialog } from '#web/lib/submit-story-dialog.ts';
import { renderWithApp, stubFetch } from '#web/testing/test-utils.tsx';

const card = (
  n: number,
  status: string,
  moderationReason: string | null = null,
  resubmittable = status === 'rejected',
) => ({
  id: `story_01ARZ3NDEKTSV4RRFFQ69G5F${String(n).padStart(2, '0')}`,
  content: `Story ${n}: she named the cat after her ex.`,
  category: 'relationships',
  status,
  createdAt: '2026-01-02T00:00:00.000Z',
  heVotes: 0,
  sheVotes: 0,
  commentCount: 0,
  reactions: { relatable: 0, lol: 0, wtf: 0 },
  moderationReason,
  resubmittable,
});

/** Stands in for the submit-story feature: shows the story the dialog was opened on. */
function RegisteredDialog() {
  const { open, resubmit } = useSubmitStoryDialog();
  if (!open || !resubmit) return null;
  return (
    <div role="dialog" aria-label="Edit & resubmit">
      {resubmit.storyId} / {resubmit.category} / {resubmit.note} / {resubmit.content}
    </div>
  );
}

describe('Edit & resubmit on My Stories', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('when a story was rejected its card opens the dialog on it, with the note; no other card offers it', async () => {
    const stories = [
      card(1, 'rejected', 'Please leave out names.'),
      card(2, 'pending'),
      card(3, 'approved'),
      card(4, 'hidden', 'Reported'),
      // Rejected after it was published: its votes and comments keep its text.
      card(5, 'rejected', 'Too many names.', false),
    ];
    vi.stubGlobal(
      'fetch',
      stubFetch({ 'GET /api/users/stories': { body: { items: stories, nextCursor: null } } }).fetch,
    );
    renderWithApp(
      <>
        <MyStoriesList banned={false} />
        <RegisteredDialog />
      </>,
      { path: '/profile' },
    );
    const list = await screen.findByRole('list', { name: 'My stories' });
    const buttons = await within(list).findAllByRole('button', { name: 'Edit & resubmit' });
    expect(buttons).toHaveLength(1);

    await userEvent.setup().click(buttons[0]!);
    expect(await screen.findByRole('dialog', { name: 'Edit & resubmit' })).toHaveTextContent(
      `${stories[0]!.id} / relationships / Please leave out names. / ${stories[0]!.content}`,
    );
  });

  it('when the member is banned the button is there but disabled', async () => {
    vi.stubGlobal(
      'fetch',
      stubFetch({
        'GET /api/users/stories': {
          body: { items: [card(1, 'rejected', 'Please leave out names.')], nextCursor: null },
        },
      }).fetch,
    );
    renderWithApp(<MyStoriesList banned />, { path: '/profile' });
    expect(await screen.findByRole('button', { name: 'Edit & resubmit' })).toBeDisabled();
  });
});
