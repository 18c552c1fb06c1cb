import { createFileRoute } from '@tanstack/react-router';

import { RandomStoryRedirect } from '#web/features/stories/components/random-story-redirect.tsx';

export const Route = createFileRoute('/random')({
  head: () => ({ meta: [{ title: "Random story · Who's Right" }] }),
  component: RandomStoryRedirect,
});
