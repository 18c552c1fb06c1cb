import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { PoorStoriesTab } from '#web/features/admin/components/poor-stories-tab.tsx';
import { renderWithApp, stubFetch } from '#web/testing/test-utils.tsx';

const story = (n: number, skipRate: string) => ({
  id: `story_01ARZ3NDEKTSV4RRFFQ69G5F${String(n).padStart(2, '0')}`,
  content: `Story ${n}: he always takes the last slice of pizza. Who is right?`,
  category: 'household',
  status: 'approved',
  createdAt: '2026-01-02T00:00:00.000Z',
  heVotes: 0,
  sheVotes: 0,
  commentCount: 0,
  reactions: { relatable: 0, lol: 0, wtf: 0 },
  skipRate,
  viewCount: 40,
  skipCount: 30,
  author: null,
  revision: 1,
  resubmittedAt: null,
});
const ranked = (n: number, skipRate: string) => {
  const { id, content, category, createdAt, viewCount, skipCount } = story(n, skipRate);
  return { id, excerpt: content, category, createdAt, viewCount, skipCount, skipRate };
};
const UNTIL = '2026-11-16T09:30:00.000Z';
const running = {
  id: 'stories-202611160930',
  status: 'running',
  until: UNTIL,
  progress: { done: 12_345, total: 50_000, eventsPerSecond: 8_000, etaSeconds: 5 },
};
const done = {
  ...running,
  status: 'done',
  progress: { done: 50_000, total: 50_000, eventsPerSecond: 8_000, etaSeconds: 0 },
  result: {
    rule: { topFraction: 0.05, minViews: 10 },
    rankable: 20,
    list: [ranked(7, '0.9000')],
  },
};

afterEach(() => vi.unstubAllGlobals());

describe('PoorStoriesTab: the ranking as it stood', () => {
  it('when an admin builds a past ranking it shows the progress bar, then that ranking beside today’s', async () => {
    let polls = 0;
    const api = stubFetch({
      'GET /api/admin/skipped-stories': { body: { items: [story(1, '0.7500')], nextCursor: null } },
      'POST /api/admin/replays': { status: 202, body: running },
      'GET /api/admin/replays/stories-202611160930': () =>
        new Response(JSON.stringify(++polls < 2 ? running : done), {
          headers: { 'content-type': 'application/json' },
        }),
    });
    vi.stubGlobal('fetch', api.fetch);
    const user = userEvent.setup();
    renderWithApp(<PoorStoriesTab onHistory={() => undefined} />);

    fireEvent.change(await screen.findByLabelText('As of'), {
      target: { value: '2026-11-16T09:30' },
    });
    await user.click(screen.getByRole('button', { name: 'Build ranking' }));

    const bar = await screen.findByRole('progressbar', { name: /^Building the ranking as of / });
    expect(bar).toHaveAttribute('aria-valuenow', '24');
    expect(
      screen.getByText(/12,345 \/ 50,000 events · 8,000 events\/s · about 5 s left/),
    ).toBeVisible();
    const post = api.calls.find((call) => call.method === 'POST');
    expect(JSON.parse(post?.body ?? '{}')).toEqual({
      until: new Date('2026-11-16T09:30').toISOString(),
    });

    const past = await screen.findByRole('heading', { name: /^As of / }, { timeout: 3_000 });
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(within(past.closest('section')!).getByText(/Story 7/)).toBeVisible();
    const today = screen.getByRole('heading', { name: 'Today' });
    expect(within(today.closest('section')!).getByText(/Story 1/)).toBeVisible();
  });

  it('when the moment is refused it says why', async () => {
    const api = stubFetch({
      'GET /api/admin/skipped-stories': { body: { items: [], nextCursor: null } },
      'POST /api/admin/replays': {
        status: 400,
        body: {
          message: 'Invalid request',
          code: 'validation_failed',
          issues: [{ path: 'until', message: 'until must not be in the future' }],
        },
      },
    });
    vi.stubGlobal('fetch', api.fetch);
    const user = userEvent.setup();
    renderWithApp(<PoorStoriesTab onHistory={() => undefined} />);
    fireEvent.change(await screen.findByLabelText('As of'), {
      target: { value: '2026-11-16T09:30' },
    });
    await user.click(screen.getByRole('button', { name: 'Build ranking' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('until must not be in the future');
  });
});

describe('PoorStoriesTab: trying another rule', () => {
  it('when the current rule is chosen it asks for no comparison', async () => {
    const api = stubFetch({
      'GET /api/admin/skipped-stories': { body: { items: [], nextCursor: null } },
    });
    vi.stubGlobal('fetch', api.fetch);
    renderWithApp(<PoorStoriesTab onHistory={() => undefined} />);
    expect(await screen.findByText(/This is the current rule/)).toBeVisible();
    expect(api.calls.some((call) => call.url.includes('dry-run'))).toBe(false);
  });

  it('when no past ranking was built it offers no "Over" choice of one, and says how to get one', async () => {
    vi.stubGlobal(
      'fetch',
      stubFetch({ 'GET /api/admin/skipped-stories': { body: { items: [], nextCursor: null } } })
        .fetch,
    );
    renderWithApp(<PoorStoriesTab onHistory={() => undefined} />);
    expect(
      await screen.findByText(/Tried on today’s stories|Tried on today's stories/),
    ).toBeVisible();
    expect(screen.queryByRole('combobox', { name: 'Over' })).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Top' })).toBeInTheDocument();
  });
});
