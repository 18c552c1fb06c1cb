import { Trash2Icon } from 'lucide-react';

import { Button } from '#web/components/ui/button.tsx';
import { useDeleteStory, type StoryList } from '#web/features/admin/api/moderate-story.ts';
import { ConfirmActionDialog } from '#web/features/admin/components/confirm-action-dialog.tsx';

/** Permanent delete of a story from an admin list, after a confirmation. */
export function DeleteStoryButton({ storyId, from }: { storyId: string; from: StoryList }) {
  const remove = useDeleteStory(from);
  return (
    <ConfirmActionDialog
      trigger={
        <Button size="sm" variant="ghost-destructive">
          <Trash2Icon aria-hidden="true" />
          Delete
        </Button>
      }
      title="Permanently delete this story?"
      description="It is removed for everyone, with its votes and comments. This cannot be undone."
      confirmLabel="Delete permanently"
      onConfirm={(reason) => remove.mutate({ id: storyId, reason })}
    />
  );
}
