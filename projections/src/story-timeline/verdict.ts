import type { VoteChoice } from '@whosright/contracts/story/events';
import { leaderOf } from '@whosright/contracts/story/rules';

/** The votes of one hour or day, as the buckets hold them. */
export interface VotesAt {
  at: string;
  he: number;
  she: number;
}

export interface VerdictFlip {
  at: string;
  /** Who leads from this point on. */
  leader: VoteChoice;
}

export interface Verdict {
  /** Cumulative counts at the end of each bucket, oldest first. */
  points: VotesAt[];
  /** The points where the lead passed to the other side; the first lead is not a flip. */
  flips: VerdictFlip[];
}

/**
 * Sums the buckets (oldest first) from the start and finds where the majority flipped: the
 * leader at a point is whoever has more votes so far; a tie is nobody's lead and flips nothing,
 * so He, tie, She is one flip (at She's lead) and He, tie, He none.
 */
export function verdictOf(buckets: readonly VotesAt[]): Verdict {
  const points: VotesAt[] = [];
  const flips: VerdictFlip[] = [];
  let he = 0;
  let she = 0;
  let leading: VoteChoice | null = null;
  for (const bucket of buckets) {
    he += bucket.he;
    she += bucket.she;
    points.push({ at: bucket.at, he, she });
    const leader = leaderOf({ he, she });
    if (!leader) continue;
    if (leading && leader !== leading) flips.push({ at: bucket.at, leader });
    leading = leader;
  }
  return { points, flips };
}
