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
 * The story card's first rows: category, age and Save, "Your story" for its author, and the text.
 * The skeleton draws them too while the card's code loads, so the text shows with the story's data
 * (the page's largest paint) and stays where it is when the card arrives.
 */
export function StoryCardTop({
  story,
  save,
}: {
  story: Pick<StoryView, 'category' | 'createdAt' | 'isOwn' | 'status' | 'content'>;
  save: ReactNode;
}) {
  return (
    <>
      <div className="flex items-center gap-2">
        <div className="min-w-0 flex-1">
          <StoryMeta category={story.category} createdAt={story.createdAt} />
        </div>
        {save}
      </div>
      {story.isOwn ? <YourStory status={story.status} /> : null}
      <p className="text-lg leading-relaxed text-pretty whitespace-pre-line sm:text-xl">
        {story.content}
      </p>
    </>
  );
}
