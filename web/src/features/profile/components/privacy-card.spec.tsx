import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { PrivacyCard } from '#web/features/profile/components/privacy-card.tsx';
import { currentUserFixture } from '#web/testing/current-user.ts';
import { renderWithApp, stubFetch } from '#web/testing/test-utils.tsx';

const user = currentUserFixture({ firstName: 'Robin', lastName: 'Hale' });

const toastTitle = (text: string) =>
  waitFor(() =>
    expect(document.querySelector('[data-slot="toast-title"]')).toHaveTextContent(text),
  );

function render(answer: { status?: number; body?: unknown }) {
  const api = stubFetch({ 'PATCH /api/users/preferences': answer });
  vi.stubGlobal('fetch', api.fetch);
  const onUpdated = vi.fn();
  renderWithApp(<PrivacyCard user={user} onUpdated={onUpdated} />);
  return { api, onUpdated, actor: userEvent.setup() };
}

describe('privacy card', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('turns the side off, sends the choice and hands the answered user on', async () => {
    const hidden = { ...user, showSideOnComments: false };
    const { api, onUpdated, actor } = render({ body: hidden });
    const toggle = await screen.findByRole('switch', { name: 'Show my side on my comments' });
    expect(toggle).toBeChecked();
    expect(toggle).toHaveAccessibleDescription(/readers see He or She beside your name/);

    await actor.click(toggle);
    await toastTitle('Preferences Updated');
    expect(api.calls.find((c) => c.method === 'PATCH')?.body).toBe(
      JSON.stringify({ showSideOnComments: false }),
    );
    expect(onUpdated).toHaveBeenCalledWith(hidden);
  });

  it('when the server refuses it says so and the switch shows what the server holds', async () => {
    const { onUpdated, actor } = render({
      status: 500,
      body: { message: 'Internal error', code: 'internal' },
    });
    const toggle = await screen.findByRole('switch', { name: 'Show my side on my comments' });
    await actor.click(toggle);
    await toastTitle('Update Failed');
    expect(toggle).toBeChecked();
    expect(onUpdated).not.toHaveBeenCalled();
  });
});
