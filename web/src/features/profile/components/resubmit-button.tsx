/** 'Edit & resubmit' on a rejected story: the submit dialog opens on it, the note pinned above. */
import { PencilLineIcon } from 'lucide-react';
import type { MyStory } from '@whosright/contracts/story/dto';

import { Button } from '#web/components/ui/button.tsx';
import { openSubmitStoryDialog } from '#web/lib/submit-story-dialog.ts';

export function ResubmitButton({ story, disabled }: { story: MyStory; disabled: boolean }) {
  return (
    <Button
      size="sm"
      variant="outline"
      disabled={disabled}
      onClick={() =>
        openSubmitStoryDialog({
          storyId: story.id,
          content: story.content,
          category: story.category,
          note: story.moderationReason,
        })
      }
    >
      <PencilLineIcon aria-hidden="true" />
      Edit &amp; resubmit
    </Button>
  );
}
