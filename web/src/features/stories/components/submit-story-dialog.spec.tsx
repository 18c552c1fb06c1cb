import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { openSubmitStoryDialog } from '#web/lib/submit-story-dialog.ts';
import { SubmitStoryDialog } from '#web/features/stories/components/submit-story-dialog.tsx';
import { goOffline, goOnline } from '#web/testing/connection.ts';
import { renderWithApp, stubFetch, unauthorizedResponse } from '#web/testing/test-utils.tsx';

const story = {
  id: 'story_01ARZ3NDEKTSV4RRFFQ69G5FAV',
  content: 'We argued.',
  category: 'money',
  status: 'pending',
  createdAt: '2026-01-01T00:00:00.000Z',
  heVotes: 0,
  sheVotes: 0,
  commentCount: 0,
  reactions: { relatable: 0, lol: 0, wtf: 0 },
};

async function openDialog(memberId = 'user_01ARZ3NDEKTSV4RRFFQ69G5FAV') {
  const result = renderWithApp(<SubmitStoryDialog memberId={memberId} />);
  await waitFor(() => {
    let opened = false;
    act(() => {
      opened = openSubmitStoryDialog();
    });
    expect(opened).toBe(true);
  });
  const dialog = await screen.findByRole('dialog', { name: 'Share Your Story' });
  return { ...result, dialog, user: userEvent.setup() };
}

async function fill(user: ReturnType<typeof userEvent.setup>, text: string) {
  await user.click(screen.getByRole('combobox', { name: 'Category' }));
  await user.click(await screen.findByRole('option', { name: 'Money & Finances' }));
  await user.type(screen.getByLabelText('Your story'), text);
}

const toastTitle = (text: string) =>
  waitFor(() =>
    expect(document.querySelector('[data-slot="toast-title"]')).toHaveTextContent(text),
  );
const toastDescription = (text: string) =>
  expect(document.querySelector('[data-slot="toast-description"]')).toHaveTextContent(text);

describe('submit story dialog', () => {
  afterEach(() => {
    window.localStorage.clear();
    vi.unstubAllGlobals();
  });

  it('when it opens Submit is disabled until a category and non-blank text are set, with a live counter', async () => {
    const { user } = await openDialog();
    const submit = screen.getByRole('button', { name: 'Submit Story' });
    expect(screen.getByText('Select a category')).toBeInTheDocument();
    expect(screen.getByText('Keep it anonymous and respectful')).toBeInTheDocument();
    expect(screen.getByText('0/1000')).toBeInTheDocument();
    expect(screen.getByLabelText('Your story')).toHaveAttribute(
      'placeholder',
      expect.stringContaining('respectful'),
    );
    expect(submit).toBeDisabled();

    await user.type(screen.getByLabelText('Your story'), '   ');
    expect(screen.getByText('3/1000')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Category' }));
    await user.click(await screen.findByRole('option', { name: 'Money & Finances' }));
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText('Your story'), 'He spends, I save.');
    expect(submit).toBeEnabled();
  });

  it('when it is cancelled and opened again, even on a later visit, the draft is still there', async () => {
    const { user, unmount } = await openDialog();
    await fill(user, 'Something happened.');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    act(() => void openSubmitStoryDialog());
    await screen.findByRole('dialog', { name: 'Share Your Story' });
    expect(screen.getByLabelText('Your story')).toHaveValue('Something happened.');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    unmount();

    await openDialog();
    expect(screen.getByLabelText('Your story')).toHaveValue('Something happened.');
    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveTextContent(
      'Money & Finances',
    );
  });

  it("when another member opens it on the same browser they do not see the first one's draft", async () => {
    const { user, unmount } = await openDialog('user_01ARZ3NDEKTSV4RRFFQ69G5FAA');
    await fill(user, 'Mine alone.');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    unmount();

    await openDialog('user_01ARZ3NDEKTSV4RRFFQ69G5FBB');
    expect(screen.getByLabelText('Your story')).toHaveValue('');
    expect(screen.getByText('Select a category')).toBeInTheDocument();
  });

  it('when the story is accepted it toasts Story Submitted! and closes', async () => {
    const fetch = stubFetch({ 'POST /api/stories': { status: 201, body: story } });
    vi.stubGlobal('fetch', fetch.fetch);
    const { user } = await openDialog();
    await fill(user, '  He spends, I save.  ');
    await user.click(screen.getByRole('button', { name: 'Submit Story' }));
    await toastTitle('Story Submitted!');
    toastDescription('Your story has been submitted for review and will appear soon.');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(JSON.parse(fetch.calls[0]?.body ?? '')).toEqual({
      category: 'money',
      content: 'He spends, I save.',
    });

    act(() => void openSubmitStoryDialog());
    await screen.findByRole('dialog', { name: 'Share Your Story' });
    expect(screen.getByLabelText('Your story')).toHaveValue('');
    expect(window.localStorage.length).toBe(0);
  });

  it('when submitting it says Submitting... and cannot be sent twice', async () => {
    vi.stubGlobal('fetch', () => new Promise<Response>(() => {}));
    const { user } = await openDialog();
    await fill(user, 'He spends, I save.');
    await user.click(screen.getByRole('button', { name: 'Submit Story' }));
    expect(await screen.findByRole('button', { name: 'Submitting...' })).toBeDisabled();
  });

  it('when the server fails it toasts Submission Failed and keeps the text', async () => {
    vi.stubGlobal(
      'fetch',
      stubFetch({ 'POST /api/stories': { status: 500, body: { message: 'boom' } } }).fetch,
    );
    const { user } = await openDialog();
    await fill(user, 'He spends, I save.');
    await user.click(screen.getByRole('button', { name: 'Submit Story' }));
    await toastTitle('Submission Failed');
    toastDescription('Failed to submit your story. Please try again.');
    expect(screen.getByLabelText('Your story')).toHaveValue('He spends, I save.');
  });

  it('when the session is gone it toasts Login Required and goes to /login', async () => {
    vi.stubGlobal('fetch', stubFetch({ 'POST /api/stories': unauthorizedResponse }).fetch);
    const { user, router } = await openDialog();
    await fill(user, 'He spends, I save.');
    await user.click(screen.getByRole('button', { name: 'Submit Story' }));
    await toastTitle('Login Required');
    toastDescription('Please log in to submit your story.');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('when the session ended and the server says so in other words it closes and asks to log in', async () => {
    vi.stubGlobal(
      'fetch',
      stubFetch({
        'POST /api/stories': {
          status: 401,
          body: { message: 'Your session ended', code: 'unauthorized' },
        },
      }).fetch,
    );
    const { user, router } = await openDialog();
    await fill(user, 'He spends, I save.');
    await user.click(screen.getByRole('button', { name: 'Submit Story' }));
    await toastTitle('Login Required');
    toastDescription('Please log in to submit your story.');
    await waitFor(() => expect(screen.queryByLabelText('Your story')).not.toBeInTheDocument());
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('when the story is submitted offline it waits in the dialog, says so, and is sent once back online', async () => {
    const fetch = stubFetch({ 'POST /api/stories': { status: 201, body: story } });
    vi.stubGlobal('fetch', fetch.fetch);
    const { user } = await openDialog();
    await fill(user, 'He spends, I save.');
    goOffline();
    await user.click(screen.getByRole('button', { name: 'Submit Story' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      "You're offline. Your story will be submitted when you're back online.",
    );
    expect(screen.getByRole('button', { name: 'Waiting for connection...' })).toBeDisabled();
    expect(screen.getByLabelText('Your story')).toHaveValue('He spends, I save.');
    expect(fetch.calls).toHaveLength(0);

    goOnline();
    await toastTitle('Story Submitted!');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fetch.calls).toHaveLength(1);
  });

  it('when the dialog is closed while its story waits for the connection the story is not sent and stays a draft', async () => {
    const fetch = stubFetch({ 'POST /api/stories': { status: 201, body: story } });
    vi.stubGlobal('fetch', fetch.fetch);
    const { user } = await openDialog();
    await fill(user, 'He spends, I save.');
    goOffline();
    await user.click(screen.getByRole('button', { name: 'Submit Story' }));
    await screen.findByRole('button', { name: 'Waiting for connection...' });
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    goOnline();
    act(() => void openSubmitStoryDialog());
    await screen.findByRole('dialog', { name: 'Share Your Story' });
    expect(screen.getByLabelText('Your story')).toHaveValue('He spends, I save.');
    expect(fetch.calls).toHaveLength(0);
  });
});
