import type { VoteChoice } from '@whosright/contracts/story/events';

import { cn } from '#web/lib/utils.ts';

/**
 * The side a commenter voted, beside their name: "He" or "She" on the side's soft colour. A
 * screen reader hears "voted He's Right", which the short visible word stands for.
 */
export function SideChip({ side }: { side: VoteChoice }) {
  const word = side === 'he' ? 'He' : 'She';
  return (
    <span
      title={`Voted ${word}'s Right`}
      className={cn(
        'inline-flex items-center gap-1 self-center rounded-full px-1.5 text-[0.7rem] leading-4 font-bold text-foreground',
        side === 'he' ? 'bg-he-soft' : 'bg-she-soft',
      )}
    >
      <span
        aria-hidden="true"
        className={cn('size-1.5 rounded-full', side === 'he' ? 'bg-he' : 'bg-she')}
      />
      <span className="sr-only">voted </span>
      {word}
      <span className="sr-only">'s Right</span>
    </span>
  );
}
