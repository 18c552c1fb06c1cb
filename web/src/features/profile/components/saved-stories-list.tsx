import { Link } from '@tanstack/react-router';
import { BookmarkIcon } from 'lucide-react';
import type { SavedStory } from '@whosright/contracts/saved/dto';

import { CardTopLine } from '#web/components/card-top-line.tsx';
import { PagedList } from '#web/components/paged-list.tsx';
import { TimeAgo } from '#web/components/time-ago.tsx';
import { useSavedStories } from '#web/features/profile/api/get-saved-stories.ts';
import { StoryTallies } from '#web/features/profile/components/story-tallies.tsx';

function SavedStoryCard({ story }: { story: SavedStory }) {
  return (
    <article className="grid gap-3 rounded-xl border bg-card p-4 sm:p-5">
      <CardTopLine
        category={story.category}
        createdAt={story.createdAt}
        actions={
          <span className="inline-flex items-center gap-1">
            <BookmarkIcon className="size-4 fill-current" aria-hidden="true" />
            Saved <TimeAgo at={story.savedAt} />
          </span>
        }
      />
      <p className="line-clamp-4 leading-relaxed text-pretty">
        <Link to="/story/$id" params={{ id: story.id }} className="hover:underline">
          {story.content}
        </Link>
      </p>
      <StoryTallies story={story} />
    </article>
  );
}

/** The stories the member saved and can still read, newest saved first; Save on a story adds one. */
export function SavedStoriesList() {
  const saved = useSavedStories(true);
  return (
    <PagedList
      query={saved}
      label="Saved stories"
      empty="No saved stories yet. Tap Save on a story to keep it here."
      render={(story) => <SavedStoryCard story={story} />}
    />
  );
}
