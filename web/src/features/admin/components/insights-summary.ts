/**
 * The charts' text alternatives: what each chart shows, said in a sentence, for screen readers
 * and for anyone who reads rather than looks.
 */
import type { Insights, InsightDay } from '@whosright/contracts/insights/dto';

export type DayCounter = Exclude<keyof InsightDay, 'date'>;

const dayLabel = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });

export const percentLabel = (rate: number) => `${Math.round(rate * 100)}%`;

/** "Votes: 123 over the last 30 days, most on 5 Dec (40)." */
export function activitySummary(
  days: readonly InsightDay[],
  counters: readonly DayCounter[],
  labels: Record<DayCounter, string>,
): string {
  return counters
    .map((counter) => {
      const total = days.reduce((sum, day) => sum + day[counter], 0);
      if (total === 0) return `${labels[counter]}: none over the last ${days.length} days.`;
      const busiest = days.reduce((best, day) => (day[counter] > best[counter] ? day : best));
      return `${labels[counter]}: ${total} over the last ${days.length} days, most on ${dayLabel(busiest.date)} (${busiest[counter]}).`;
    })
    .join(' ');
}

/** "Of 12 approved stories, He's Right leads 5, She's Right 4; 2 are tied and 1 has no votes yet." */
export function verdictSummary({ he, she, tied, none }: Insights['verdicts']): string {
  const total = he + she + tied + none;
  if (total === 0) return 'No approved stories yet.';
  return `Of ${total} approved ${total === 1 ? 'story' : 'stories'}, He's Right leads ${he}, She's Right leads ${she}; ${tied} ${tied === 1 ? 'is' : 'are'} tied and ${none} ${none === 1 ? 'has' : 'have'} no votes yet.`;
}

/** "40 stories with 10 views or more, most between 20% and 30% (12). Poor performers from 80% (2)." */
export function skipRateSummary(skipRates: Insights['skipRates']): string {
  const total = skipRates.buckets.reduce((sum, bucket) => sum + bucket.stories, 0);
  if (total === 0) return `No story has ${skipRates.minViews} views yet.`;
  const busiest = skipRates.buckets.reduce((best, b) => (b.stories > best.stories ? b : best));
  const threshold =
    skipRates.threshold === null
      ? ''
      : ` Poor performers from a skip rate of ${percentLabel(skipRates.threshold)} (${skipRates.poorPerformers} ${skipRates.poorPerformers === 1 ? 'story' : 'stories'}).`;
  return `${total} ${total === 1 ? 'story' : 'stories'} with ${skipRates.minViews} views or more, most skipped by ${percentLabel(busiest.from)} to ${percentLabel(busiest.to)} of viewers (${busiest.stories}).${threshold}`;
}

export { dayLabel };
