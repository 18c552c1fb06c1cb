import { PenLineIcon } from 'lucide-react';
import type { CommentAuthor } from '@whosright/contracts/comment/dto';
import { publicNameOf } from '@whosright/contracts/account/display-name';

import { Badge } from '#web/components/ui/badge.tsx';
import { STORY_AUTHOR } from '#web/features/comments/lib/comment-name.ts';

/**
 * "Author" in place of a name, on the story's author's comments on their own story. Only admins
 * are sent who it is (an id): they see the name after the badge.
 */
export function StoryAuthorBadge({ adminSees }: { adminSees: CommentAuthor }) {
  return (
    <>
      <Badge variant="secondary" title="Wrote this story">
        <PenLineIcon aria-hidden="true" />
        {STORY_AUTHOR}
      </Badge>
      {adminSees.id ? <span className="font-semibold">{publicNameOf(adminSees)}</span> : null}
    </>
  );
}
