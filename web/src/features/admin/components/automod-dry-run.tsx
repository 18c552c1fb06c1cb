/**
 * A rule tried over the last 30 days: a bar with events read of those to read while it runs, then
 * what it would have matched, how many of those moderators removed anyway, and the latest
 * examples.
 */
import type { AutomodDryRunResult } from '@whosright/contracts/automod/dto';
import { AUTOMOD_DRY_RUN_DAYS } from '@whosright/contracts/automod/match';

import { ProgressBar } from '#web/components/progress-bar.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { useRuleDryRun } from '#web/features/admin/api/automod-dry-run.ts';

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function DryRunProgress({ read, total }: { read: number; total: number }) {
  const percent = total > 0 ? Math.min(100, Math.round((read / total) * 100)) : 0;
  const text = total > 0 ? `${read} of ${total} events read` : 'Counting the events…';
  return (
    <ProgressBar
      title={`Trying the rule on the last ${AUTOMOD_DRY_RUN_DAYS} days`}
      percent={percent}
      text={text}
    />
  );
}

function DryRunFigures({ result }: { result: AutomodDryRunResult }) {
  const removed = result.stories.removed + result.comments.removed;
  return (
    <div className="grid gap-3">
      <p className="font-semibold">
        This rule would have matched {count(result.stories.matched, 'story', 'stories')} and{' '}
        {count(result.comments.matched, 'comment', 'comments')} in the last {AUTOMOD_DRY_RUN_DAYS}{' '}
        days.
      </p>
      <p className="text-sm text-muted-foreground">
        Moderators later removed {removed} of them (
        {count(result.stories.removed, 'story', 'stories')},{' '}
        {count(result.comments.removed, 'comment', 'comments')}).
      </p>
      {result.examples.length > 0 ? (
        <ul aria-label="Examples" className="grid gap-2">
          {result.examples.map((example) => (
            <li
              key={`${example.targetType}:${example.id}`}
              className="grid gap-1 rounded-lg bg-muted px-3 py-2 text-sm"
            >
              <span className="flex flex-wrap items-center gap-2">
                <Badge variant="outline" className="bg-card">
                  {example.targetType === 'story' ? 'Story' : 'Comment'}
                </Badge>
                <span className="text-muted-foreground">matched “{example.phrase}”</span>
                {example.removed ? <Badge variant="outline">removed</Badge> : null}
              </span>
              <span className="line-clamp-3 break-words">{example.text || '(deleted)'}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

export function AutomodDryRun({ jobId }: { jobId: string }) {
  const { data: job, isError } = useRuleDryRun(jobId);
  return (
    <section aria-label="Dry run" aria-live="polite" className="grid gap-3 rounded-lg border p-3">
      {isError || job?.status === 'failed' ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {job?.error ?? 'The dry run could not finish. Please try again.'}
        </p>
      ) : job?.status === 'done' && job.result ? (
        <DryRunFigures result={job.result} />
      ) : (
        <DryRunProgress read={job?.progress.read ?? 0} total={job?.progress.total ?? 0} />
      )}
    </section>
  );
}
