import { createFileRoute } from '@tanstack/react-router';

import { UnsubscribeCard } from '#web/features/unsubscribe/components/unsubscribe-card.tsx';

interface UnsubscribeSearch {
  token?: string;
}

/** Anything unexpected in the URL is dropped (checked by hand: zod stays out of the first load). */
function unsubscribeSearch(search: Record<string, unknown>): UnsubscribeSearch {
  const { token } = search;
  return { token: typeof token === 'string' && token.length <= 2_000 ? token : undefined };
}

export const Route = createFileRoute('/unsubscribe')({
  head: () => ({ meta: [{ title: "Unsubscribe · Who's Right" }] }),
  validateSearch: unsubscribeSearch,
  component: UnsubscribeRoute,
});

function UnsubscribeRoute() {
  const { token } = Route.useSearch();
  return (
    <div className="flex flex-1 items-start justify-center px-4 py-8 sm:items-center sm:py-14">
      <UnsubscribeCard token={token} />
    </div>
  );
}
