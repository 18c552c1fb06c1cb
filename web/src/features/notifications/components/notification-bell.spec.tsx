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
  storyLabel: null,
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

  it("when a notification names its story the label shows on a line of its own; a follow's news names it in its text alone", async () => {
    const label = 'He keeps the thermostat at 25 degrees all winter long and…';
    const items = [
      notification(1, { storyLabel: label }),
      notification(2, {
        kind: 'following',
        id: `following:comments:${storyId}`,
        storyLabel: label,
        text: `2 new comments on “${label}”.`,
      }),
      notification(3, { kind: 'replies', text: 'Dan replied to your comment.' }),
    ];
    vi.stubGlobal(
      'fetch',
      stubFetch({ 'GET /api/notifications': { body: { items, nextCursor: null, unread: 3 } } })
        .fetch,
    );
    renderWithApp(<NotificationBell />);
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: 'Notifications, 3 unread' }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    const [approved, followed, reply] = within(within(panel).getByRole('list')).getAllByRole(
      'listitem',
    );
    const line = within(approved!).getByText(label);
    expect(line).toHaveClass('truncate', 'text-muted-foreground');
    expect(within(followed!).getAllByText(label, { exact: false })).toHaveLength(1);
    // A story deleted, or hidden from the member, is named by nothing.
    expect(reply!.textContent).not.toContain('He keeps');
  });

  it('when the member taps Unfollow on news of a followed story it unfollows, the news leaves the panel and focus stays in it', async () => {
    const news = notification(1, {
      kind: 'following',
      id: `following:comments:${storyId}`,
      storyLabel: 'She alphabetises the spices',
      text: '2 new comments on “She alphabetises the spices”.',
    });
    const items = [news, notification(2)];
    let followed = true;
    const api = stubFetch({
      'GET /api/notifications': () =>
        new Response(
          JSON.stringify({
            items: followed ? items : [items[1]],
            nextCursor: null,
            unread: followed ? 2 : 1,
          }),
          { headers: { 'content-type': 'application/json' } },
        ),
      [`DELETE /api/stories/${storyId}/follow`]: () => {
        followed = false;
        return new Response(JSON.stringify({ following: false }), {
          headers: { 'content-type': 'application/json' },
        });
      },
    });
    vi.stubGlobal('fetch', api.fetch);
    renderWithApp(<NotificationBell />);
    const actor = userEvent.setup();
    await actor.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    // Only the follow's news offers it; its description is the news it would stop.
    const unfollow = within(panel).getByRole('button', { name: 'Unfollow' });
    expect(within(panel).getAllByRole('button', { name: 'Unfollow' })).toHaveLength(1);
    expect(unfollow).toHaveAccessibleDescription(/2 new comments on “She alphabetises the spices”/);
    await actor.click(unfollow);
    await waitFor(() =>
      expect(within(panel).queryByText(/2 new comments/)).not.toBeInTheDocument(),
    );
    expect(api.calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([
      `/api/stories/${storyId}/follow`,
    ]);
    expect(within(panel).getByRole('heading', { name: 'Notifications' })).toHaveFocus();
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeVisible();
  });

  it('when Unfollow fails a toast says so and the news stays', async () => {
    const news = notification(1, {
      kind: 'following',
      storyLabel: 'She alphabetises the spices',
      text: '2 new comments on “She alphabetises the spices”.',
    });
    vi.stubGlobal(
      'fetch',
      stubFetch({
        'GET /api/notifications': { body: { items: [news], nextCursor: null, unread: 1 } },
        [`DELETE /api/stories/${storyId}/follow`]: {
          status: 404,
          body: { message: 'Story not found', code: 'not_found' },
        },
      }).fetch,
    );
    renderWithApp(<NotificationBell />);
    const actor = userEvent.setup();
    await actor.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    await actor.click(await screen.findByRole('button', { name: 'Unfollow' }));
    await waitFor(() =>
      expect(document.querySelector('[data-slot="toast-title"]')).toHaveTextContent(
        'Update Failed',
      ),
    );
    expect(screen.getByText(/2 new comments/)).toBeVisible();
  });
});
