import type { AdminStory } from '@whosright/contracts/story/dto';
import type { ReplayJob } from '@whosright/contracts/story/ranking-dto';
import { EXCERPT_LENGTH } from '@whosright/contracts/shared/constants';
import { excerpt } from '@whosright/contracts/shared/excerpt';

import {
  RankedStoryList,
  type RankedItem,
} from '#web/features/admin/components/ranked-story-list.tsx';
import { ReplayProgressBar } from '#web/features/admin/components/replay-progress-bar.tsx';

const toItem = (story: AdminStory): RankedItem => ({
  ...story,
  excerpt: excerpt(story.content, EXCERPT_LENGTH.adminStory),
});

/**
 * Where a ranking replay stands: its progress while queued or running, why it failed, or the
 * ranking as of `moment` beside today's once done (announced to screen readers).
 */
export function ReplayOutcome({
  job,
  moment,
  today,
}: {
  job: ReplayJob | undefined;
  /** The replay's moment, as the admin reads it. */
  moment: string;
  today: readonly AdminStory[];
}) {
  const status = job?.status;
  return (
    <>
      {job && (status === 'queued' || status === 'running') ? (
        <ReplayProgressBar moment={moment} progress={job.progress} queued={status === 'queued'} />
      ) : null}
      {status === 'failed' ? (
        <p role="alert" className="text-sm text-destructive">
          The ranking as of {moment} could not be built{job?.error ? `: ${job.error}` : '.'}
        </p>
      ) : null}
      <p aria-live="polite" className="sr-only">
        {status === 'done' ? `The ranking as of ${moment} is ready.` : ''}
      </p>
      {status === 'done' && job?.result ? (
        <div className="grid gap-4 md:grid-cols-2">
          <RankedStoryList
            title="Today"
            items={today.map(toItem)}
            empty="No poor performing stories today"
          />
          <RankedStoryList
            title={`As of ${moment}`}
            items={job.result.list}
            empty="No poor performing stories then"
          />
        </div>
      ) : null}
    </>
  );
}
