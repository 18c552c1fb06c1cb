import { useEffect } from 'react';
import { Link } from '@tanstack/react-router';
import { STORY_CATEGORIES } from '@whosright/contracts/shared/category-list';
import { looksForSomething, parseSearchText } from '@whosright/contracts/search/search-text';

import { PagedList } from '#web/components/paged-list.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { useStorySearch } from '#web/features/search/api/search-stories.ts';
import { FilterChips } from '#web/features/search/components/filter-chips.tsx';
import { SearchForm } from '#web/features/search/components/search-form.tsx';
import { SearchResultCard } from '#web/features/search/components/search-result-card.tsx';
import {
  hasFilters,
  SEARCH_VERDICTS,
  SEARCH_WINDOWS,
  type SearchParams,
} from '#web/features/search/lib/search-params.ts';

const HOW_TO =
  'Every word counts in any form (argue finds arguing). Put "a phrase" in quotes; a word after a minus, like -dishes, is left out.';

/** Nothing found: say so, and offer the way back (without the filters, or to the stories). */
function NoMatch({ params }: { params: SearchParams }) {
  return (
    <div className="grid justify-items-center gap-3">
      <p className="font-semibold text-foreground">No stories match</p>
      <p className="text-sm">Try other words, or fewer of them.</p>
      <div className="flex flex-wrap justify-center gap-2">
        {hasFilters(params) ? (
          <Button asChild variant="outline">
            <Link to="/search" search={{ q: params.q }}>
              Clear filters
            </Link>
          </Button>
        ) : null}
        <Button asChild variant="outline">
          <Link to="/">Back to stories</Link>
        </Button>
      </div>
    </div>
  );
}

function Results({ params }: { params: SearchParams & { q: string } }) {
  const results = useStorySearch(params);
  // A verdict filter looks at a bounded number of matches per call: a page may come back empty
  // with more to look at. Go on until a story shows or the matches end.
  const empty = results.data?.pages.every((page) => page.items.length === 0) ?? false;
  const goOn = empty && results.hasNextPage && !results.isError;
  const { fetchNextPage, isFetchingNextPage } = results;
  useEffect(() => {
    if (goOn && !isFetchingNextPage) void fetchNextPage();
  }, [goOn, isFetchingNextPage, fetchNextPage]);
  if (goOn)
    return (
      <p role="status" className="py-6 text-center text-sm text-muted-foreground">
        Looking further…
      </p>
    );
  return (
    <PagedList
      query={results}
      label="Search results"
      empty={<NoMatch params={params} />}
      errorText="The search could not be run."
      render={(story) => <SearchResultCard story={story} />}
    />
  );
}

/** /search: the field, the filters as chips, and the stories found, most relevant first. */
export function SearchScreen({ params }: { params: SearchParams }) {
  const { q } = params;
  const runnable = q !== undefined && looksForSomething(parseSearchText(q));
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-5 px-4 py-5 sm:py-8">
      <h1 className="font-display text-2xl font-bold">
        {q ? (
          <>
            Stories matching <span className="break-words">“{q}”</span>
          </>
        ) : (
          'Search stories'
        )}
      </h1>
      <SearchForm key={q ?? ''} params={params} />
      <div className="grid gap-2">
        <FilterChips
          name="category"
          label="Filter by category"
          options={STORY_CATEGORIES}
          active={params.category}
        />
        <FilterChips
          name="verdict"
          label="Filter by verdict"
          options={SEARCH_VERDICTS}
          active={params.verdict}
        />
        <FilterChips
          name="within"
          label="Filter by date"
          options={SEARCH_WINDOWS}
          active={params.within}
        />
      </div>
      {runnable ? (
        <section aria-label="Results" className="grid gap-3">
          <Results params={{ ...params, q }} />
        </section>
      ) : (
        <p className="rounded-xl border border-dashed bg-card px-6 py-8 text-center text-sm text-muted-foreground">
          {q ? 'Add a word to look for: words after a minus are only left out. ' : ''}
          {HOW_TO}
        </p>
      )}
    </div>
  );
}
