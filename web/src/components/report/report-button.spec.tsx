import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { ReportButton } from '#web/components/report/report-button.tsx';
import { renderWithApp, stubFetch } from '#web/testing/test-utils.tsx';

const commentId = 'comment_01ARZ3NDEKTSV4RRFFQ69G5FAV';

const toast = (slot: 'title' | 'description', text: string) =>
  waitFor(() =>
    expect(document.querySelector(`[data-slot="toast-${slot}"]`)).toHaveTextContent(text),
  );

function render(answer: { status?: number; body?: unknown }, earlier: unknown = null) {
  const api = stubFetch({
    'POST /api/reports': answer,
    [`GET /api/reports/comment/${commentId}`]: { body: { report: earlier } },
  });
  vi.stubGlobal('fetch', api.fetch);
  renderWithApp(<ReportButton targetType="comment" targetId={commentId} />);
  return { api, actor: userEvent.setup() };
}

const filed = {
  targetType: 'comment',
  targetId: commentId,
  reason: 'harassment',
  note: 'Calls her names.',
  status: 'open',
};

describe('report button', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('asks for a reason before sending, then sends it with the note and closes', async () => {
    const { api, actor } = render({ status: 201, body: filed });
    await actor.click(await screen.findByRole('button', { name: 'Report this comment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report this comment' });
    const send = within(dialog).getByRole('button', { name: 'Send report' });
    expect(send).toBeDisabled();
    expect(
      within(dialog)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['spam', 'harassment', 'personal_info', 'off_topic', 'other']);

    await actor.click(within(dialog).getByRole('radio', { name: 'Harassment' }));
    await actor.type(within(dialog).getByLabelText('Note (optional)'), '  Calls her names.');
    expect(within(dialog).getByText('18/500 characters')).toBeInTheDocument();
    await actor.click(send);

    await toast('title', 'Report sent');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls.find((c) => c.method === 'POST')?.body).toBe(
      JSON.stringify({
        targetType: 'comment',
        targetId: commentId,
        reason: 'harassment',
        note: 'Calls her names.',
      }),
    );
    // Focus goes back to the button that opened it.
    expect(screen.getByRole('button', { name: 'Report this comment' })).toHaveFocus();
  });

  it('when the member reported it before the dialog opens on their report and says a new one replaces it', async () => {
    const { actor } = render({ status: 200, body: filed }, filed);
    await actor.click(await screen.findByRole('button', { name: 'Report this comment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report this comment' });
    expect(
      await within(dialog).findByText(
        'You reported this comment already. Sending again replaces your report.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: 'Harassment' })).toBeChecked();
    expect(within(dialog).getByLabelText('Note (optional)')).toHaveValue('Calls her names.');
    expect(within(dialog).getByRole('button', { name: 'Send report' })).toBeEnabled();
  });

  it("when the server refuses it shows the server's reason and keeps the dialog open", async () => {
    const { actor } = render({
      status: 403,
      body: { message: 'You cannot report your own writing', code: 'forbidden' },
    });
    await actor.click(await screen.findByRole('button', { name: 'Report this comment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report this comment' });
    await actor.click(within(dialog).getByRole('radio', { name: 'Spam' }));
    await actor.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await toast('title', 'Report Failed');
    await toast('description', 'You cannot report your own writing');
    expect(screen.getByRole('dialog', { name: 'Report this comment' })).toBeInTheDocument();
  });
});
