import type { VoteChoice } from '@whosright/contracts/story/events';

/** "He's Right" / "She's Right": the buttons, the toast and the 'You voted' line. */
export function voteLabel(vote: VoteChoice): string {
  return vote === 'he' ? "He's Right" : "She's Right";
}
