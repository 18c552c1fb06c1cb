import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Notification } from '@whosright/contracts/notification/dto';

import { NotificationBell } from '#web/features/notifications/components/notification-bell.tsx';
import { FakeEventSource, stubEventSource } from '#web/testing/fake-event-source.ts';
import { renderWithApp, stubFetch } from '#web/testing/test-utils.tsx';

const storyId = 'story_01ARZ3NDEKTSV4RRFFQ69G5FAV';
const notification = (n: number, overrides: Partial<Notification> = {}): Notification => ({
  id: `moderation:${n}`,
  at: new Date(Date.now() - n * 3600_000).toISOString(),
  kind: 'approved',
  storyId,
  text: `Notice ${n}`,
  read: false,
  ...overrides,
});

describe('notification bell', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the unread count and lists the notifications newest first, unread ones said so', async () => {
    const items = [notification(1), notification(2, { read: true, kind: 'votes' })];
    vi.stubGlobal(
      'fetch',
      stubFetch({ 'GET /api/notifications': { body: { items, nextCursor: null, unread: 1 } } })
        .fetch,
    );
    renderWithApp(<NotificationBell />);
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    await userEvent.setup().click(bell);
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    const links = within(within(panel).getByRole('list')).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual([
      expect.stringMatching(/^Unread: Notice 1/),
      expect.stringMatching(/^Notice 2/),
    ]);
    expect(links[0]).toHaveAttribute('href', `/story/${storyId}`);
  });

  it("a rejection leads to the story's card on the profile, where its note is", async () => {
    const items = [notification(1, { kind: 'rejected' })];
    vi.stubGlobal(
      'fetch',
      stubFetch({ 'GET /api/notifications': { body: { items, nextCursor: null, unread: 1 } } })
        .fetch,
    );
    renderWithApp(<NotificationBell />);
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(within(within(panel).getByRole('list')).getByRole('link')).toHaveAttribute(
      'href',
      `/profile#story-${storyId}`,
    );
  });

  it('marks one read when it is opened, and all read from the panel', async () => {
    const items = [notification(1), notification(2)];
    const allRead = {
      items: items.map((i) => ({ ...i, read: true })),
      nextCursor: null,
      unread: 0,
    };
    const oneRead = {
      items: [items[0]!, { ...items[1]!, read: true }],
      nextCursor: null,
      unread: 1,
    };
    const api = stubFetch({
      'GET /api/notifications': { body: { items, nextCursor: null, unread: 2 } },
      'POST /api/notifications/read': () => {
        const last = api.calls.at(-1)!;
        const body = JSON.parse(last.body) as { all?: true };
        return new Response(JSON.stringify(body.all ? allRead : oneRead), {
          headers: { 'content-type': 'application/json' },
        });
      },
    });
    vi.stubGlobal('fetch', api.fetch);
    renderWithApp(<NotificationBell />);
    const actor = userEvent.setup();
    await actor.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    await actor.click(await screen.findByRole('link', { name: /Notice 2/ }));
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeVisible();
    expect(api.calls.find((c) => c.method === 'POST')?.body).toBe(
      JSON.stringify({ ids: ['moderation:2'] }),
    );

    await actor.click(screen.getByRole('button', { name: 'Notifications, 1 unread' }));
    await actor.click(await screen.findByRole('button', { name: 'Mark all read' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument(),
    );
    expect(api.calls.at(-1)?.body).toBe(JSON.stringify({ all: true }));
    expect(screen.getByRole('button', { name: 'Mark all read' })).toBeDisabled();
  });

  it('when the live stream says the count changed the bell shows the new count without waiting for a poll', async () => {
    stubEventSource();
    let unread = 0;
    const api = stubFetch({
      'GET /api/notifications': () =>
        new Response(
          JSON.stringify({ items: unread ? [notification(1)] : [], nextCursor: null, unread }),
          { headers: { 'content-type': 'application/json' } },
        ),
    });
    vi.stubGlobal('fetch', api.fetch);
    renderWithApp(<NotificationBell />);
    await screen.findByRole('button', { name: 'Notifications' });
    const source = FakeEventSource.opened[0]!;
    expect(source.url).toBe('/api/notifications/live');
    source.emit('open');
    source.emit('unread', '{"unread":0}');
    unread = 1;
    source.emit('unread', '{"unread":1}');
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeVisible();
  });

  it('says when there is nothing yet', async () => {
    vi.stubGlobal(
      'fetch',
      stubFetch({
        'GET /api/notifications': { body: { items: [], nextCursor: null, unread: 0 } },
      }).fetch,
    );
    renderWithApp(<NotificationBell />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText(/You're all caught up/)).toBeVisible();
  });

  it('leads from the panel to the notification settings, and closes', async () => {
    vi.stubGlobal(
      'fetch',
      stubFetch({
        'GET /api/notifications': { body: { items: [], nextCursor: null, unread: 0 } },
      }).fetch,
    );
    const { router } = renderWithApp(<NotificationBell />, { path: '/privacy' });
    const actor = userEvent.setup();
    await actor.click(await screen.findByRole('button', { name: 'Notifications' }));
    await actor.click(await screen.findByRole('link', { name: 'Notification settings' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(router.state.location.hash).toBe('notification-settings');
    await waitFor(() => expect(screen.queryByText(/You're all caught up/)).not.toBeInTheDocument());
  });
});
