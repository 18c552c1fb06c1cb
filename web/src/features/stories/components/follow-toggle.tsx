import { BellPlusIcon, BellRingIcon } from 'lucide-react';

import { Button } from '#web/components/ui/button.tsx';

/**
 * Follow on a story's card, beside Save: pressed while the member hears of new comments on the
 * story and of its majority flipping (its author follows it from its approval on). A visitor's
 * tap asks them to sign in first (the card decides); a banned member sees it disabled. At least
 * 44 px tall, a finger's target, as Save beside it.
 */
export function FollowToggle({
  following,
  onToggle,
  disabled = false,
}: {
  following: boolean;
  onToggle: () => void;
  disabled?: boolean;
}) {
  const Icon = following ? BellRingIcon : BellPlusIcon;
  return (
    <Button
      variant="ghost"
      size="sm"
      className="min-h-11"
      aria-pressed={following}
      disabled={disabled}
      onClick={onToggle}
    >
      <Icon aria-hidden="true" />
      {following ? 'Following' : 'Follow'}
    </Button>
  );
}
