import { useState, type ReactNode } from 'react';
import type { VoteChoice } from '@whosright/contracts/story/events';

import { useCastVote } from '#web/features/stories/api/cast-vote.ts';

/** What the route renders while a visitor signs in to cast `choice`. */
export interface SignInToVoteProps {
  choice: VoteChoice;
  onSignedIn: () => void;
  onClose: () => void;
}

/**
 * Casting a vote on story `id`: once, never while one is on its way nor for a banned member. A
 * visitor (`signInToVote` given) first signs in through the sheet it renders; their vote is cast
 * once they are in.
 */
export function useStoryVote(
  id: string,
  {
    vote,
    banned,
    signInToVote,
  }: {
    /** The reader's vote on it, if any. */
    vote: VoteChoice | null;
    banned: boolean;
    signInToVote: ((props: SignInToVoteProps) => ReactNode) | undefined;
  },
): {
  onVote: (choice: VoteChoice) => void;
  /** The choice on its way to the server. */
  pendingVote: VoteChoice | null;
  /** The vote was cast here a moment ago (not loaded with the story). */
  justVoted: boolean;
  /** The visitor's sign-in sheet while it is open. */
  signInSheet: ReactNode;
} {
  const castVote = useCastVote(id);
  const [pendingVote, setPendingVote] = useState<VoteChoice | null>(null);
  const [visitorChoice, setVisitorChoice] = useState<VoteChoice | null>(null);

  const cast = (choice: VoteChoice) => {
    setPendingVote(choice);
    castVote.mutate(choice, { onSettled: () => setPendingVote(null) });
  };
  const onVote = (choice: VoteChoice) => {
    if (vote || castVote.isPending || banned) return;
    if (signInToVote) setVisitorChoice(choice);
    else cast(choice);
  };
  const signInSheet =
    visitorChoice && signInToVote
      ? signInToVote({
          choice: visitorChoice,
          onClose: () => setVisitorChoice(null),
          onSignedIn: () => {
            setVisitorChoice(null);
            cast(visitorChoice);
          },
        })
      : null;
  return { onVote, pendingVote, justVoted: castVote.isSuccess, signInSheet };
}
