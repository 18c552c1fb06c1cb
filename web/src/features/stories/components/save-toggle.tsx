import { BookmarkIcon } from 'lucide-react';

import { Button } from '#web/components/ui/button.tsx';
import { cn } from '#web/lib/utils.ts';

/**
 * Save on a story's card: pressed once the story is in the member's saved list (their profile's
 * Saved tab). A visitor's tap asks them to sign in first (the card decides); a banned member
 * sees it disabled. At least 44 px tall, a finger's target, as Follow beside it.
 */
export function SaveToggle({
  saved,
  onToggle,
  disabled = false,
}: {
  saved: boolean;
  onToggle: () => void;
  disabled?: boolean;
}) {
  return (
    <Button
      variant="ghost"
      size="sm"
      className="min-h-11"
      aria-pressed={saved}
      disabled={disabled}
      onClick={onToggle}
    >
      <BookmarkIcon className={cn(saved && 'fill-current')} aria-hidden="true" />
      {saved ? 'Saved' : 'Save'}
    </Button>
  );
}
