import { createFileRoute } from '@tanstack/react-router';

import { RandomStoryRedirect } from '#web/features/stories/components/random-story-redirect.tsx';

export const Route = createFileRoute('/random')({
  // `?exclude={id}`: a story other than that one (Next, when the others may all be seen). The
  // server checks the id: a bad one fails the draw, which falls back to the feed.
  validateSearch: (search): { exclude?: string } =>
    typeof search.exclude === 'string' ? { exclude: search.exclude } : {},
  head: () => ({ meta: [{ title: "Random story · Who's Right" }] }),
  component: RandomRoute,
});

function RandomRoute() {
  const { exclude } = Route.useSearch();
  return <RandomStoryRedirect key={exclude ?? ''} exclude={exclude ?? null} />;
}
