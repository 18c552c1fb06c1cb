import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { useProfileStats } from '#web/features/profile/api/get-profile-stats.ts';

const COUNTERS = [
  ['storiesSubmitted', 'Stories Submitted'],
  ['commentsPosted', 'Comments Posted'],
  ['votesGiven', 'Votes Given'],
] as const;

/** The three counters under the profile header. */
export function ProfileStats() {
  const stats = useProfileStats();
  return (
    <dl className="grid grid-cols-3 gap-2 sm:gap-4">
      {COUNTERS.map(([key, label]) => (
        <div
          key={key}
          className="flex flex-col-reverse items-center gap-1 rounded-xl border bg-card p-3 text-center sm:p-4"
        >
          <dt className="text-xs text-muted-foreground sm:text-sm">{label}</dt>
          <dd className="font-display text-2xl font-bold tabular-nums sm:text-3xl">
            {stats.data ? (
              stats.data[key]
            ) : (
              <Skeleton className="mx-auto h-8 w-10" aria-label={`Loading ${label}`} />
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
