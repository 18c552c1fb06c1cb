import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRouterState } from '@tanstack/react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StorySearchResult } from '@whosright/contracts/search/dto';

import { HeaderSearch } from '#web/features/search/components/header-search.tsx';
import { SearchScreen } from '#web/features/search/components/search-screen.tsx';
import { searchParamsOf } from '#web/features/search/lib/search-params.ts';
import { renderWithApp, stubFetch } from '#web/testing/test-utils.tsx';

const SEARCH = 'GET /api/stories/search';

const result = (id: string, excerpt: StorySearchResult['excerpt']): StorySearchResult => ({
  id,
  content: excerpt.map((piece) => piece.text).join(''),
  category: 'household',
  status: 'approved',
  createdAt: new Date(Date.now() - 60 * 60_000).toISOString(),
  heVotes: 3,
  sheVotes: 1,
  commentCount: 2,
  reactions: { relatable: 0, lol: 0, wtf: 0 },
  verdict: null,
  excerpt,
});

const towels = result('story_01ARZ3NDEKTSV4RRFFQ69G5FAV', [
  { text: 'He ', match: false },
  { text: 'folds', match: true },
  { text: ' the towels in thirds.', match: false },
]);

/** The search page as the route shows it: its params read from the URL. */
function SearchPage() {
  const search = useRouterState({ select: (s) => s.location.search });
  return (
    <>
      <HeaderSearch crowded={false} />
      <SearchScreen params={searchParamsOf(search)} />
    </>
  );
}

function renderSearch(path: string, answers: Parameters<typeof stubFetch>[0]) {
  const fetch = stubFetch(answers);
  vi.stubGlobal('fetch', fetch.fetch);
  const rendered = renderWithApp(<SearchPage />, { path });
  const searches = () =>
    fetch.calls
      .filter((call) => call.url.includes('/api/stories/search'))
      .map((call) => new URL(call.url, 'http://local').searchParams);
  return { ...rendered, searches };
}

describe('search screen', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('when the URL holds a text it lists the stories found with the matched words marked, each a link', async () => {
    const { searches } = renderSearch('/search?q=fold', {
      [SEARCH]: { body: { items: [towels], nextCursor: null } },
    });
    const list = await screen.findByRole('list', { name: 'Search results' });
    const link = within(list).getByRole('link');
    expect(link).toHaveAttribute('href', `/story/${towels.id}`);
    expect(link).toHaveTextContent('He folds the towels in thirds.');
    const marks = list.querySelectorAll('mark');
    expect([...marks].map((mark) => mark.textContent)).toEqual(['folds']);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Stories matching “fold”');
    expect(searches()[0]?.get('q')).toBe('fold');
  });

  it('when an excerpt holds markup it is shown as text, never as HTML', async () => {
    renderSearch('/search?q=img', {
      [SEARCH]: {
        body: {
          items: [result(towels.id, [{ text: '<img src=x onerror=alert(1)>', match: true }])],
          nextCursor: null,
        },
      },
    });
    const list = await screen.findByRole('list', { name: 'Search results' });
    expect(list.querySelector('img')).toBeNull();
    expect(list).toHaveTextContent('<img src=x onerror=alert(1)>');
  });

  it('when nothing matches it says so and offers to clear the filters or go back to the stories', async () => {
    const user = userEvent.setup();
    const { router } = renderSearch('/search?q=socks&verdict=she', {
      [SEARCH]: { body: { items: [], nextCursor: null } },
    });
    expect(await screen.findByText('No stories match')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to stories' })).toHaveAttribute('href', '/');
    await user.click(screen.getByRole('link', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ q: 'socks' }));
    expect(await screen.findByText('No stories match')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Clear filters' })).not.toBeInTheDocument();
  });

  it('when filter chips are pressed the URL keeps the text and each filter, and the search asks for them', async () => {
    const user = userEvent.setup();
    const { router, searches } = renderSearch('/search?q=towels', {
      [SEARCH]: { body: { items: [towels], nextCursor: null } },
    });
    await screen.findByRole('list', { name: 'Search results' });
    const categories = screen.getByRole('navigation', { name: 'Filter by category' });
    await user.click(within(categories).getByRole('link', { name: 'Money & Finances' }));
    const verdicts = screen.getByRole('navigation', { name: 'Filter by verdict' });
    await user.click(within(verdicts).getByRole('link', { name: "She's Right" }));
    const dates = screen.getByRole('navigation', { name: 'Filter by date' });
    await user.click(within(dates).getByRole('link', { name: 'Past week' }));
    await waitFor(() =>
      expect(router.state.location.search).toEqual({
        q: 'towels',
        category: 'money',
        verdict: 'she',
        within: 'week',
      }),
    );
    const chosen = within(screen.getByRole('navigation', { name: 'Filter by verdict' }));
    expect(chosen.getByRole('link', { name: "She's Right" })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await waitFor(() => expect(searches().at(-1)?.get('since')).toMatch(/^\d{4}-\d{2}-\d{2}$/));
    const last = searches().at(-1)!;
    expect(last.get('category')).toBe('money');
    expect(last.get('verdict')).toBe('she');
  });

  it('when a new text is searched the URL takes it and keeps the filters', async () => {
    const user = userEvent.setup();
    const { router } = renderSearch('/search?q=towels&category=money', {
      [SEARCH]: { body: { items: [towels], nextCursor: null } },
    });
    const field = await screen.findByRole('searchbox', { name: 'Search stories' });
    await user.clear(field);
    await user.type(field, 'spice rack{Enter}');
    await waitFor(() =>
      expect(router.state.location.search).toEqual({ q: 'spice rack', category: 'money' }),
    );
  });

  it('when a filtered page comes back empty with more to look at it looks further by itself', async () => {
    let calls = 0;
    const { searches } = renderSearch('/search?q=towels&verdict=split', {
      [SEARCH]: () => {
        calls += 1;
        const body =
          calls === 1
            ? { items: [], nextCursor: 'WzEsInN0b3J5XzEiXQ' }
            : { items: [towels], nextCursor: null };
        return new Response(JSON.stringify(body), {
          headers: { 'content-type': 'application/json' },
        });
      },
    });
    const list = await screen.findByRole('list', { name: 'Search results' });
    expect(within(list).getByRole('link')).toHaveAttribute('href', `/story/${towels.id}`);
    expect(searches().at(-1)?.get('cursor')).toBe('WzEsInN0b3J5XzEiXQ');
    expect(screen.queryByText('No stories match')).not.toBeInTheDocument();
  });

  it('when the text only leaves words out it asks for a word to look for and sends nothing', async () => {
    const { searches } = renderSearch('/search?q=-towels', {});
    expect(await screen.findByText(/Add a word to look for/)).toBeInTheDocument();
    expect(searches()).toEqual([]);
  });

  it('when the page opens without a text its field has the focus, and / there keeps it on that field', async () => {
    const user = userEvent.setup();
    renderSearch('/search', {});
    const field = await screen.findByRole('searchbox', { name: 'Search stories' });
    await waitFor(() => expect(field).toHaveFocus());
    // The header's field is not shown on the search page: one field, one landmark.
    expect(screen.getAllByRole('searchbox')).toHaveLength(1);
    field.blur();
    await user.keyboard('/');
    expect(field).toHaveFocus();
    expect(field).toHaveValue('');
  });
});
