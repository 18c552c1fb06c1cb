import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { CommentsSection } from '#web/features/comments/components/comments-section.tsx';
import { commentFixture as comment } from '#web/testing/comment.ts';
import { renderWithApp, stubFetch } from '#web/testing/test-utils.tsx';

const storyId = 'story_01ARZ3NDEKTSV4RRFFQ69G5FAV';
const listPath = `GET /api/stories/${storyId}/comments`;
const toastTitle = (text: string) =>
  waitFor(() =>
    expect(document.querySelector('[data-slot="toast-title"]')).toHaveTextContent(text),
  );

async function openEdit(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Comment actions' }));
  await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
  return screen.getByRole('textbox', { name: 'Edit your comment' });
}

describe('editing a comment', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('when its author edits from the menu and saves, the new text shows, marked edited', async () => {
    const own = comment(1, { isOwn: true, content: 'First take' });
    const editedAt = new Date().toISOString();
    const api = stubFetch({
      [listPath]: { body: [own] },
      'PATCH /api/comments/comment_1': { body: { ...own, content: 'Second take', editedAt } },
    });
    vi.stubGlobal('fetch', api.fetch);
    renderWithApp(<CommentsSection storyId={storyId} signedIn />);
    const user = userEvent.setup();
    const box = await openEdit(user);
    expect(box).toHaveValue('First take');
    expect(box).toHaveFocus();
    await user.clear(box);
    await user.type(box, 'Second take');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const item = within(screen.getByRole('list', { name: 'Comments' })).getByRole('listitem');
    expect(await within(item).findByText('Second take')).toBeInTheDocument();
    expect(within(item).getByText(/\(edited/)).toBeInTheDocument();
    await toastTitle('Comment updated');
    const sent = api.calls.find((call) => call.method === 'PATCH');
    expect(JSON.parse(sent!.body)).toEqual({ content: 'Second take' });
  });

  it('when its author cancels the edit the text stays as it was and nothing is sent', async () => {
    const api = stubFetch({
      [listPath]: { body: [comment(1, { isOwn: true, content: 'Keep me' })] },
    });
    vi.stubGlobal('fetch', api.fetch);
    renderWithApp(<CommentsSection storyId={storyId} signedIn />);
    const user = userEvent.setup();
    await user.type(await openEdit(user), ' and more');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('textbox', { name: 'Edit your comment' })).not.toBeInTheDocument();
    expect(screen.getByText('Keep me')).toBeInTheDocument();
    expect(api.calls.some((call) => call.method === 'PATCH')).toBe(false);
  });

  it('when a rule holds the edit it says so and the comment awaits review', async () => {
    const own = comment(1, { isOwn: true, content: 'Plain' });
    vi.stubGlobal(
      'fetch',
      stubFetch({
        [listPath]: { body: [own] },
        'PATCH /api/comments/comment_1': {
          body: {
            ...own,
            content: 'Spammy',
            awaitingReview: true,
            editedAt: new Date().toISOString(),
          },
        },
      }).fetch,
    );
    renderWithApp(<CommentsSection storyId={storyId} signedIn />);
    const user = userEvent.setup();
    const box = await openEdit(user);
    await user.clear(box);
    await user.type(box, 'Spammy');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await toastTitle('Edit Awaiting Review');
    expect(await screen.findByText('Awaiting review')).toBeInTheDocument();
  });

  it("when the comment is someone else's there is no menu to edit it", async () => {
    vi.stubGlobal('fetch', stubFetch({ [listPath]: { body: [comment(1)] } }).fetch);
    renderWithApp(<CommentsSection storyId={storyId} signedIn />);
    await screen.findByText('Comment 1');
    expect(screen.queryByRole('button', { name: 'Comment actions' })).not.toBeInTheDocument();
  });
});
