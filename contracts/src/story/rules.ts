/** Story figures, computed once when events are projected, never per request. */

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
