import type { ReactionCounts } from '@whosright/contracts/story/dto';
import type { ReactionType } from '@whosright/contracts/story/events';

import { Button } from '#web/components/ui/button.tsx';
import { cn } from '#web/lib/utils.ts';
import { REACTION_TYPES, reactionLabel } from '#web/lib/reaction-label.ts';

/**
 * Relatable, LOL and WTF under a story, each with its count. A member's own are pressed; a tap
 * gives one, a second tap withdraws it. A visitor's tap asks them to sign in first (the card
 * decides); a banned member sees them disabled.
 */
export function ReactionChips({
  counts,
  mine,
  onToggle,
  disabled = false,
}: {
  counts: ReactionCounts;
  mine: readonly ReactionType[];
  onToggle: (type: ReactionType) => void;
  disabled?: boolean;
}) {
  return (
    <div role="group" aria-label="Reactions" className="flex flex-wrap gap-2">
      {REACTION_TYPES.map((type) => {
        const pressed = mine.includes(type);
        return (
          <Button
            key={type}
            // Pressed takes the primary colours; both keep a border, so nothing moves.
            variant={pressed ? 'default' : 'outline'}
            size="bare"
            round
            aria-pressed={pressed}
            disabled={disabled}
            onClick={() => onToggle(type)}
            className={cn('h-9 gap-1.5 px-3.5 tabular-nums', pressed && 'border border-primary')}
          >
            {reactionLabel(type)}{' '}
            <span className={cn(!pressed && 'text-muted-foreground')}>{counts[type]}</span>
          </Button>
        );
      })}
    </div>
  );
}
