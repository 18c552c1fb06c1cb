import { createFileRoute } from '@tanstack/react-router';

import { SearchScreen } from '#web/features/search/components/search-screen.tsx';
import { searchParamsOf, type SearchParams } from '#web/features/search/lib/search-params.ts';

export const Route = createFileRoute('/search')({
  validateSearch: (search): SearchParams => searchParamsOf(search),
  head: () => ({ meta: [{ title: "Search · Who's Right" }] }),
  component: SearchRoute,
});

function SearchRoute() {
  return <SearchScreen params={Route.useSearch()} />;
}
