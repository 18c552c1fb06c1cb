import type { ReactNode } from 'react';
import { BellPlusIcon, BellRingIcon, BookmarkIcon } from 'lucide-react';
import type { StoryView } from '@whosright/contracts/story/dto';

import { Button } from '#web/components/ui/button.tsx';
import { cn } from '#web/lib/utils.ts';

/**
 * Follow (when the card offers it, see follow-shown.ts) and Save, side by side on a story's card.
 * Follow is pressed while the member hears of new comments on the story and of its majority
 * flipping (its author follows it from its approval on); Save, once the story is in the member's
 * saved list (their profile's Saved tab). A visitor's tap asks them to sign in first (the card
 * decides); a banned member sees both disabled.
 */
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
  const FollowIcon = story.following ? BellRingIcon : BellPlusIcon;
  return (
    <>
      {follow ? (
        <CardToggle pressed={story.following} onToggle={onFollow} disabled={disabled}>
          <FollowIcon aria-hidden="true" />
          {story.following ? 'Following' : 'Follow'}
        </CardToggle>
      ) : null}
      <CardToggle pressed={story.saved} onToggle={onSave} disabled={disabled}>
        <BookmarkIcon className={cn(story.saved && 'fill-current')} aria-hidden="true" />
        {story.saved ? 'Saved' : 'Save'}
      </CardToggle>
    </>
  );
}

/** At least 44 px tall: a finger's target. */
function CardToggle({
  pressed,
  onToggle,
  disabled,
  children,
}: {
  pressed: boolean;
  onToggle: () => void;
  disabled: boolean;
  children: ReactNode;
}) {
  return (
    <Button
      variant="ghost"
      size="sm"
      className="min-h-11"
      aria-pressed={pressed}
      disabled={disabled}
      onClick={onToggle}
    >
      {children}
    </Button>
  );
}
