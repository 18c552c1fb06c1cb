import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_KEPT_SETTINGS,
  toNotificationSettings,
  type NotificationSettings,
} from '@whosright/contracts/notification/settings';

import { NotificationsCard } from '#web/features/profile/components/notifications-card.tsx';
import { renderWithApp, stubFetch } from '#web/testing/test-utils.tsx';

const defaults = toNotificationSettings(DEFAULT_KEPT_SETTINGS);

const toastTitle = (text: string) =>
  waitFor(() =>
    expect(document.querySelector('[data-slot="toast-title"]')).toHaveTextContent(text),
  );

/** The card over a server whose PATCH answers only when the spec lets it (`answer`). */
function render(patchAnswer: { status?: number; body?: unknown }) {
  let settings = defaults;
  const api = stubFetch({
    'GET /api/users/notification-settings': () => Response.json(settings),
    'PATCH /api/users/notification-settings': () => {
      if (patchAnswer.body) settings = patchAnswer.body as NotificationSettings;
      return Response.json(patchAnswer.body ?? null, { status: patchAnswer.status ?? 200 });
    },
  });
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    if (init?.method === 'PATCH') await held;
    return api.fetch(input, init);
  });
  renderWithApp(<NotificationsCard />);
  return { api, answer: release, actor: userEvent.setup() };
}

describe('notifications card', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the digest off and every kind on, each switch named', async () => {
    render({ body: defaults });
    const digest = await screen.findByRole('switch', { name: 'Daily e-mail digest' });
    expect(digest).not.toBeChecked();
    expect(digest).toHaveAccessibleDescription(/Once a day, an e-mail with your unread/);
    for (const name of [
      'Story approved',
      'Story rejected',
      'Story hidden',
      'Vote milestones',
      'Verdict flipped',
      'New comments',
      'Comment reached +10',
      'Replies to my comments',
      'Stories I follow',
      'Report reviewed',
    ])
      expect(screen.getByRole('switch', { name })).toBeChecked();
  });

  it('turns the digest on at once and sends only that change', async () => {
    const { api, answer, actor } = render({ body: { ...defaults, digest: true } });
    const digest = await screen.findByRole('switch', { name: 'Daily e-mail digest' });
    await actor.click(digest);
    expect(digest).toBeChecked();
    answer();
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(api.calls.find((c) => c.method === 'PATCH')?.body).toBe(
      JSON.stringify({ digest: true }),
    );
    await waitFor(() => expect(digest).toBeChecked());
  });

  it('turns a kind off; when the server refuses it puts the switch back and says so', async () => {
    const { api, answer, actor } = render({
      status: 500,
      body: { message: 'Internal error', code: 'internal' },
    });
    const votes = await screen.findByRole('switch', { name: 'Vote milestones' });
    await actor.click(votes);
    expect(votes).not.toBeChecked();
    answer();
    await toastTitle('Update Failed');
    await waitFor(() => expect(votes).toBeChecked());
    expect(api.calls.find((c) => c.method === 'PATCH')?.body).toBe(
      JSON.stringify({ kinds: { votes: false } }),
    );
  });

  it('when the member turns "Stories I follow" off it sends that kind alone, for the bell and the digest', async () => {
    const off = { ...defaults, kinds: { ...defaults.kinds, following: false } };
    const { api, answer, actor } = render({ body: off });
    const following = await screen.findByRole('switch', { name: 'Stories I follow' });
    await actor.click(following);
    expect(following).not.toBeChecked();
    answer();
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === 'PATCH')?.body).toBe(
        JSON.stringify({ kinds: { following: false } }),
      ),
    );
    await waitFor(() => expect(following).not.toBeChecked());
  });
});
