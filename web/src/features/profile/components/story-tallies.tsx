import type { ReactNode } from 'react';
import { MessageCircleIcon } from 'lucide-react';
import type { StoryCard } from '@whosright/contracts/story/dto';

/** A profile card's last line: the story's He and She votes and its comments, then `children`. */
export function StoryTallies({
  story,
  children,
}: {
  story: Pick<StoryCard, 'heVotes' | 'sheVotes' | 'commentCount'>;
  children?: ReactNode;
}) {
  return (
    <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
      <span className="font-medium text-he">He {story.heVotes}</span>
      <span className="font-medium text-she">She {story.sheVotes}</span>
      <span className="inline-flex items-center gap-1">
        <MessageCircleIcon className="size-4" aria-hidden="true" />
        {story.commentCount} {story.commentCount === 1 ? 'comment' : 'comments'}
      </span>
      {children}
    </p>
  );
}
