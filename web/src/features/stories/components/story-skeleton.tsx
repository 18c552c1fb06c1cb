import type { StoryView } from '@whosright/contracts/story/dto';

import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { StoryCardTop } from '#web/features/stories/components/story-card-top.tsx';
import { StoryToggles } from '#web/features/stories/components/story-toggles.tsx';

const voteButtons = (
  <div className="grid grid-cols-2 gap-3">
    <Skeleton rounded="lg" className="h-14 sm:h-16" />
    <Skeleton rounded="lg" className="h-14 sm:h-16" />
  </div>
);

/**
 * The story card's shape while it loads, so nothing jumps when it arrives. Once the story's data
 * is there and only the card's code is still on its way, its text is drawn already, where the card
 * will draw it (`follow`: the card will offer Follow, see follow-shown.ts).
 */
export function StorySkeleton({ story, follow = false }: { story?: StoryView; follow?: boolean }) {
  if (story)
    return (
      <div aria-busy="true" className="grid gap-6 rounded-2xl border bg-card p-5 shadow-sm sm:p-8">
        <StoryCardTop
          story={story}
          actions={
            // Their places kept, to the pixel; they work once the card is there.
            <div className="invisible flex items-center gap-1" aria-hidden="true">
              <StoryToggles
                story={story}
                follow={follow}
                onFollow={() => undefined}
                onSave={() => undefined}
                disabled
              />
            </div>
          }
        />
        <Skeleton className="h-9 w-56" />
        {voteButtons}
      </div>
    );
  return (
    <div role="status" aria-label="Loading story" className="rounded-2xl border bg-card p-5 sm:p-8">
      <div className="mb-6 flex items-center justify-between">
        <Skeleton rounded="full" className="h-6 w-36" />
        <Skeleton className="h-4 w-24" />
      </div>
      <div className="mb-8 space-y-3">
        <Skeleton className="h-5 w-full" />
        <Skeleton className="h-5 w-11/12" />
        <Skeleton className="h-5 w-4/5" />
        <Skeleton className="h-5 w-2/3" />
      </div>
      {voteButtons}
    </div>
  );
}
