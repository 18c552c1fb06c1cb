/** Story figures (computed once when events are projected) and the rules read from them. */
import { PUBLIC_VERDICT } from '../shared/constants';

/**
 * Whether readers may see a story: only an approved one is public (a pending, rejected or hidden
 * one is its author's and admins' alone, and so are its comments: reading or reporting them).
 */
export function isPublicStory<T extends { status: string }>(
  story: T | null | undefined,
): story is T & { status: 'approved' } {
  return story?.status === 'approved';
}

/** skips / views, 0 when there are no views. */
export function skipRate(skips: number, views: number): number {
  return views > 0 ? skips / views : 0;
}

/** round((he - she) / total * 100), 0 when there are no votes. Positive favours He. */
export function votingScore(he: number, she: number): number {
  const total = he + she;
  return total > 0 ? Math.round(((he - she) / total) * 100) : 0;
}

/** He and She shares of the total, rounded; both 0 without votes. */
export function votePercentages(he: number, she: number): { he: number; she: number } {
  const total = he + she;
  if (total === 0) return { he: 0, she: 0 };
  return { he: Math.round((he / total) * 100), she: Math.round((she / total) * 100) };
}

/**
 * The score as a verdict: above 20 Strong He; above 0 Lean He; below -20 Strong She; below 0
 * Lean She; 0 Tied.
 */
export function votingScoreLabel(
  score: number,
): 'Strong He' | 'Lean He' | 'Tied' | 'Lean She' | 'Strong She' {
  if (score > 20) return 'Strong He';
  if (score > 0) return 'Lean He';
  if (score < -20) return 'Strong She';
  if (score < 0) return 'Lean She';
  return 'Tied';
}

/** Who has more votes so far; nobody on a tie (the verdict timeline's leader). */
export function leaderOf({ he, she }: { he: number; she: number }): 'he' | 'she' | null {
  if (he === she) return null;
  return he > she ? 'he' : 'she';
}

/** Who is ahead on a story and by what share: "She's Right · 82%"; a tie leads nobody at 50%. */
export interface Verdict {
  leader: 'he' | 'she' | null;
  percent: number;
}

/**
 * A feed card's verdict: shown to a reader who voted on the story, and to everyone once it is
 * `PUBLIC_VERDICT.minAgeDays` old with `PUBLIC_VERDICT.minVotes` votes; otherwise null, so the
 * feed never gives away the result before a reader has judged a young story.
 */
export function feedVerdict(
  story: { heVotes: number; sheVotes: number; createdAt: string },
  { voted, now }: { voted: boolean; now: Date },
): Verdict | null {
  const total = story.heVotes + story.sheVotes;
  const ageMs = now.getTime() - Date.parse(story.createdAt);
  const settled =
    total >= PUBLIC_VERDICT.minVotes && ageMs >= PUBLIC_VERDICT.minAgeDays * 24 * 3600_000;
  if (total === 0 || !(voted || settled)) return null;
  const leader = leaderOf({ he: story.heVotes, she: story.sheVotes });
  const shares = votePercentages(story.heVotes, story.sheVotes);
  return { leader, percent: leader ? shares[leader] : 50 };
}
