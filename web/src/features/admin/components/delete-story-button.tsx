import { useDeleteStory, type StoryList } from '#web/features/admin/api/moderate-story.ts';
import { PermanentDeleteDialog } from '#web/features/admin/components/permanent-delete-dialog.tsx';

/** Permanent delete of a story from an admin list, after a confirmation. */
export function DeleteStoryButton({ storyId, from }: { storyId: string; from: StoryList }) {
  const remove = useDeleteStory(from);
  return (
    <PermanentDeleteDialog
      what="story"
      description="It is removed for everyone, with its votes and comments. This cannot be undone."
      onConfirm={(reason) => remove.mutate({ id: storyId, reason })}
    />
  );
}
