import type { ReactNode } from 'react';
import type { StoryView } from '@whosright/contracts/story/dto';

import { StatusBadge } from '#web/components/status-badge.tsx';
import { StoryMeta } from '#web/components/story-meta.tsx';

/** The author reading their own story: it is theirs, and where it stands (pending, approved...). */
function YourStory({ status }: { status: StoryView['status'] }) {
  return (
    <p className="flex items-center gap-2 text-sm font-semibold">
      Your story <StatusBadge status={status} />
    </p>
  );
}

/**
 * The story card's first rows: category, age and the toggles (Follow, Save), "Your story" for its
 * author, and the text. The toggles wrap below the category and age when the row is too narrow
 * for all of them. The skeleton draws these rows too while the card's code loads, so the text
 * shows with the story's data (the page's largest paint) and stays where it is when the card
 * arrives.
 */
export function StoryCardTop({
  story,
  actions,
}: {
  story: Pick<StoryView, 'category' | 'createdAt' | 'isOwn' | 'status' | 'content'>;
  actions: ReactNode;
}) {
  return (
    <>
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <div className="min-w-0 flex-auto">
          <StoryMeta category={story.category} createdAt={story.createdAt} />
        </div>
        <div className="ms-auto flex items-center gap-1">{actions}</div>
      </div>
      {story.isOwn ? <YourStory status={story.status} /> : null}
      <p className="text-lg leading-relaxed text-pretty whitespace-pre-line sm:text-xl">
        {story.content}
      </p>
    </>
  );
}
