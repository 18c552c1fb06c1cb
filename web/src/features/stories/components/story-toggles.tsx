import type { StoryView } from '@whosright/contracts/story/dto';

import { FollowToggle } from '#web/features/stories/components/follow-toggle.tsx';
import { SaveToggle } from '#web/features/stories/components/save-toggle.tsx';

/** Follow (when the card offers it, see follow-shown.ts) and Save, side by side. */
export function StoryToggles({
  story,
  follow,
  onFollow,
  onSave,
  disabled,
}: {
  story: Pick<StoryView, 'following' | 'saved'>;
  follow: boolean;
  onFollow: () => void;
  onSave: () => void;
  disabled: boolean;
}) {
  return (
    <>
      {follow ? (
        <FollowToggle following={story.following} onToggle={onFollow} disabled={disabled} />
      ) : null}
      <SaveToggle saved={story.saved} onToggle={onSave} disabled={disabled} />
    </>
  );
}
