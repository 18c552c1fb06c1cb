import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { UnsubscribeCard } from '#web/features/unsubscribe/components/unsubscribe-card.tsx';
import { renderWithApp, stubFetch } from '#web/testing/test-utils.tsx';

function render(token: string | undefined, answer: { status?: number; body?: unknown }) {
  const api = stubFetch({ 'POST /api/notifications/unsubscribe': answer });
  vi.stubGlobal('fetch', api.fetch);
  renderWithApp(<UnsubscribeCard token={token} />);
  return { api, actor: userEvent.setup() };
}

describe('unsubscribe card', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('asks first, sends nothing on arrival, and on Unsubscribe says the digest is off', async () => {
    const { api, actor } = render('the.token.here', { body: { digest: false } });
    expect(
      await screen.findByRole('heading', { name: 'Stop the daily digest?' }),
    ).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'POST')).toEqual([]);

    await actor.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    const done = await screen.findByRole('heading', { name: 'You are unsubscribed' });
    expect(done).toHaveFocus();
    expect(screen.getByText('You will no longer receive the daily digest.')).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'POST')?.body).toBe(
      JSON.stringify({ token: 'the.token.here' }),
    );
    expect(screen.getByRole('link', { name: 'Notification settings' })).toHaveAttribute(
      'href',
      '/profile#notification-settings',
    );
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).not.toBeInTheDocument();
  });

  it("says so when the server refuses the link, in the server's words", async () => {
    const message =
      'This unsubscribe link is not valid or has expired. Turn it off in your profile.';
    const { actor } = render('tampered', {
      status: 400,
      body: { message, code: 'validation_failed' },
    });
    await actor.click(await screen.findByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('heading', { name: 'This link did not work' })).toHaveFocus();
    expect(screen.getByText(message)).toBeInTheDocument();
  });

  it('without a token it offers only the settings', async () => {
    render(undefined, { body: { digest: false } });
    expect(
      await screen.findByRole('heading', { name: 'This link did not work' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Notification settings' })).toBeInTheDocument();
  });
});
