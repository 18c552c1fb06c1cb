import { CheckIcon } from 'lucide-react';
import type { VoteChoice } from '@whosright/contracts/story/events';

import { Button } from '#web/components/ui/button.tsx';
import { cn } from '#web/lib/utils.ts';
import { voteLabel } from '#web/features/stories/lib/vote-label.ts';

/**
 * The two large vote buttons. Once a vote exists they stay in place (no layout shift), disabled,
 * and the chosen one is aria-pressed.
 */
export function VoteButtons({
  myVote,
  pending,
  onVote,
  disabled = false,
}: {
  myVote: VoteChoice | null;
  pending: VoteChoice | null;
  onVote: (vote: VoteChoice) => void;
  /** Nobody may vote here (a banned member); the screen says why beside the buttons. */
  disabled?: boolean;
}) {
  const voted = myVote !== null;
  return (
    <div className="grid grid-cols-2 gap-3" role="group" aria-label="Who's right?">
      {(['he', 'she'] as const).map((choice) => {
        const chosen = myVote === choice;
        return (
          <Button
            key={choice}
            variant={choice}
            size="xl"
            dimWhenDisabled={!voted}
            aria-pressed={voted ? chosen : undefined}
            aria-keyshortcuts={choice === 'he' ? 'H' : 'S'}
            disabled={voted || disabled || pending !== null}
            onClick={() => onVote(choice)}
            className={cn(
              voted && !chosen && 'opacity-40 disabled:opacity-40',
              chosen && 'ring-[3px] ring-offset-2 ring-offset-card disabled:opacity-100',
              chosen && (choice === 'he' ? 'ring-he/50' : 'ring-she/50'),
            )}
          >
            {chosen ? <CheckIcon className="size-5" aria-hidden="true" /> : null}
            {/* Wraps onto two lines rather than pushing the page wider on a 320 px screen. */}
            <span className="text-center leading-tight whitespace-normal">
              {pending === choice ? 'Voting...' : voteLabel(choice)}
            </span>
          </Button>
        );
      })}
    </div>
  );
}
