import type { StoryTimeline } from '@whosright/contracts/story/dto';
import type { VoteChoice } from '@whosright/contracts/story/events';
import { leaderOf } from '@whosright/contracts/story/rules';

const UNIT_MS = { hour: 3_600_000, day: 86_400_000 } as const;
/** More flips than this are counted, not told one by one. */
const FLIPS_TOLD = 3;

/** "day 3" / "hour 3": when `at` falls, counted from the first point's day or hour (1). */
export function timelineLabel(
  granularity: StoryTimeline['granularity'],
  firstAt: string,
  at: string,
): string {
  return `${granularity} ${Math.floor((Date.parse(at) - Date.parse(firstAt)) / UNIT_MS[granularity]) + 1}`;
}

const side = (leader: VoteChoice) => (leader === 'he' ? 'He' : 'She');

/**
 * The timeline in one sentence, for everyone and for screen readers in place of the chart:
 * "She led until day 2, then He", "He has led since the first vote", "Too early to tell" (fewer
 * than 2 points). Days and hours are counted from the first vote's, which is day (hour) 1.
 */
export function timelineSummary({ granularity, points, flips }: StoryTimeline): string {
  const first = points[0];
  const last = points[points.length - 1];
  if (!first || !last || points.length < 2) return 'Too early to tell';
  const when = (at: string) => timelineLabel(granularity, first.at, at);

  const firstLead = points.find((point) => leaderOf(point) !== null);
  const initial = firstLead && leaderOf(firstLead);
  if (!firstLead || !initial) return 'Tied so far';
  const now = leaderOf(last);

  if (flips.length === 0) {
    if (!now) return `${side(initial)} led, now it is tied`;
    return firstLead === first
      ? `${side(initial)} has led since the first vote`
      : `Tied at first, ${side(initial)} has led since ${when(firstLead.at)}`;
  }
  const ending = now ? '' : '; now it is tied';
  if (flips.length > FLIPS_TOLD)
    return `The lead changed hands ${flips.length} times; ${now ? `${side(now)} leads now` : 'now it is tied'}`;
  const changes = flips.map((flip) => `until ${when(flip.at)}, then ${side(flip.leader)}`);
  return `${side(initial)} led ${changes.join(' ')}${ending}`;
}
