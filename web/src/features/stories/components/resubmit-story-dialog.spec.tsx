import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { openSubmitStoryDialog, type ResubmitDraft } from '#web/lib/submit-story-dialog.ts';
import { SubmitStoryDialog } from '#web/features/stories/components/submit-story-dialog.tsx';
import { storyView } from '#web/testing/story-view.ts';
import { renderWithApp, stubFetch } from '#web/testing/test-utils.tsx';

const storyId = 'story_01ARZ3NDEKTSV4RRFFQ69G5FAV';
const resubmitPath = `POST /api/stories/${storyId}/resubmit`;
const draft: ResubmitDraft = {
  storyId,
  content: 'He never does the dishes.',
  category: 'household',
  note: 'Please add his side.',
};
const pendingAgain = storyView({
  id: storyId,
  content: 'He never does the dishes; he says I never ask.',
  status: 'pending',
});

async function openOn(story: ResubmitDraft) {
  renderWithApp(<SubmitStoryDialog />);
  await waitFor(() => {
    let opened = false;
    act(() => {
      opened = openSubmitStoryDialog(story);
    });
    expect(opened).toBe(true);
  });
  const dialog = await screen.findByRole('dialog', { name: 'Edit & resubmit' });
  return { dialog, user: userEvent.setup() };
}

const toastTitle = (text: string) =>
  waitFor(() =>
    expect(document.querySelector('[data-slot="toast-title"]')).toHaveTextContent(text),
  );

describe('submit story dialog opened on a rejected story', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('when it opens it holds the story, its category and the moderator note pinned above', async () => {
    const { dialog } = await openOn(draft);
    const note = await within(dialog).findByRole('complementary', { name: "Moderator's note" });
    expect(note).toHaveTextContent('Please add his side.');
    expect(within(dialog).getByLabelText('Your story')).toHaveValue('He never does the dishes.');
    expect(within(dialog).getByRole('combobox', { name: 'Category' })).toHaveTextContent(
      'Household',
    );
    expect(within(dialog).getByRole('button', { name: 'Resubmit' })).toBeEnabled();
    // The note comes before the form it is about.
    expect(
      note.compareDocumentPosition(within(dialog).getByLabelText('Your story')) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });

  it('when it was rejected without a note it shows no note', async () => {
    const { dialog } = await openOn({ ...draft, note: null });
    expect(await within(dialog).findByLabelText('Your story')).toBeInTheDocument();
    expect(within(dialog).queryByRole('complementary')).not.toBeInTheDocument();
  });

  it('when the edited story is resubmitted it posts it, toasts Story resubmitted and closes', async () => {
    const api = stubFetch({ [resubmitPath]: { body: pendingAgain } });
    vi.stubGlobal('fetch', api.fetch);
    const { user } = await openOn(draft);
    const text = await screen.findByLabelText('Your story');
    await user.clear(text);
    await user.type(text, '  He never does the dishes; he says I never ask.  ');
    await user.click(screen.getByRole('button', { name: 'Resubmit' }));
    await toastTitle('Story resubmitted');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(
      api.calls.map((call) => `${call.method} ${new URL(call.url, 'http://l').pathname}`),
    ).toEqual([resubmitPath]);
    expect(JSON.parse(api.calls[0]?.body ?? '')).toEqual({
      category: 'household',
      content: 'He never does the dishes; he says I never ask.',
    });
  });

  it('when the story is no longer rejected it toasts why and keeps the text', async () => {
    vi.stubGlobal(
      'fetch',
      stubFetch({
        [resubmitPath]: {
          status: 409,
          body: {
            message: 'Only a rejected story can be resubmitted',
            code: 'story_not_rejected',
          },
        },
      }).fetch,
    );
    const { user } = await openOn(draft);
    await user.click(await screen.findByRole('button', { name: 'Resubmit' }));
    await toastTitle('Resubmission Failed');
    expect(document.querySelector('[data-slot="toast-description"]')).toHaveTextContent(
      'Only a rejected story can be resubmitted',
    );
    expect(screen.getByLabelText('Your story')).toHaveValue('He never does the dishes.');
  });

  it('when Add new opens it afterwards the form is empty again', async () => {
    const { user } = await openOn(draft);
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    act(() => void openSubmitStoryDialog());
    await screen.findByRole('dialog', { name: 'Share Your Story' });
    expect(screen.getByLabelText('Your story')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Submit Story' })).toBeDisabled();
  });
});
