/**
 * The story history side sheet: submitted, each resubmission with its text, each status change
 * (who, why, when), its tallies.
 */
import type { StoryHistory, StoryHistoryStep } from '@whosright/contracts/moderation/dto';
import { categoryLabel } from '@whosright/contracts/shared/category-list';
import type { StoryStatus } from '@whosright/contracts/story/events';

import { StatusBadge } from '#web/components/status-badge.tsx';
import { TimeAgo } from '#web/components/time-ago.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetHeader,
  SheetTitle,
} from '#web/components/ui/sheet.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { useStoryHistory } from '#web/features/admin/api/get-story-history.ts';

const byWhom = (by: { displayName: string } | null, fallback: string) =>
  by ? by.displayName : fallback;

const BECAME: Record<StoryStatus, string> = {
  approved: 'Approved',
  rejected: 'Rejected',
  hidden: 'Hidden',
  pending: 'Sent back to pending',
};

function stepText(step: StoryHistoryStep): string {
  switch (step.type) {
    case 'submitted':
      return `Submitted by ${byWhom(step.by, 'a member')}`;
    case 'resubmitted':
      return `Resubmitted by ${byWhom(step.by, 'a member')} (revision ${step.revision})`;
    case 'status':
      return `${BECAME[step.to]} by ${byWhom(step.by, 'the admin command line')}`;
    case 'deleted':
      return `Deleted by ${byWhom(step.by, step.byAdmin ? 'an admin' : 'its author')}`;
    case 'commentEdited':
      return `Comment edited by ${byWhom(step.by, 'its author')}`;
  }
}

/** The text as this version had it, so an admin compares a resubmission with what came before. */
function RevisionText({
  step,
}: {
  step: Extract<StoryHistoryStep, { type: 'submitted' | 'resubmitted' }>;
}) {
  return (
    <blockquote className="mt-1 grid gap-1 rounded-lg bg-muted px-3 py-2 text-sm">
      <span className="text-xs text-muted-foreground">{categoryLabel(step.category)}</span>
      <span className="leading-relaxed text-pretty whitespace-pre-line">{step.content}</span>
    </blockquote>
  );
}

/** A comment's edit: the text it had, then the text it got. */
function EditedText({ step }: { step: Extract<StoryHistoryStep, { type: 'commentEdited' }> }) {
  return (
    <blockquote className="mt-1 grid gap-1 rounded-lg bg-muted px-3 py-2 text-sm">
      <span className="text-xs text-muted-foreground">Before</span>
      <span className="whitespace-pre-line line-through decoration-muted-foreground/60">
        {step.previous}
      </span>
      <span className="text-xs text-muted-foreground">After</span>
      <span className="whitespace-pre-line">{step.content}</span>
    </blockquote>
  );
}

function Tallies({ tallies }: { tallies: NonNullable<StoryHistory['tallies']> }) {
  const figures = [
    ['He', tallies.heVotes],
    ['She', tallies.sheVotes],
    ['Comments', tallies.commentCount],
    ['Views', tallies.viewCount],
    ['Skips', tallies.skipCount],
  ] as const;
  return (
    <dl className="grid grid-cols-3 gap-2 sm:grid-cols-5">
      {figures.map(([name, value]) => (
        <div key={name} className="rounded-lg bg-muted px-2 py-2 text-center">
          <dt className="text-xs text-muted-foreground">{name}</dt>
          <dd className="font-display text-lg font-bold tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function HistoryBody({ history }: { history: StoryHistory }) {
  const { story } = history;
  // Each version's text is shown beside its step once there is more than one.
  const revised = history.steps.some((step) => step.type === 'resubmitted');
  return (
    <div className="grid gap-5">
      <div className="grid gap-2">
        <p className="flex flex-wrap items-center gap-2">
          {story.status === 'deleted' ? (
            <Badge variant="destructive">Deleted</Badge>
          ) : (
            <StatusBadge status={story.status} />
          )}
          <Badge variant="secondary">{categoryLabel(story.category)}</Badge>
        </p>
        <p className="line-clamp-6 text-sm leading-relaxed text-pretty">{story.content}</p>
      </div>
      {history.tallies ? <Tallies tallies={history.tallies} /> : null}
      <section aria-labelledby="story-history-steps" className="grid gap-3">
        <h3 id="story-history-steps" className="font-semibold">
          Timeline
        </h3>
        <ol className="grid gap-3 border-l-2 border-border pl-4">
          {history.steps.map((step, index) => (
            <li key={`${step.type}-${step.at}-${index}`} className="relative grid gap-0.5">
              <span
                aria-hidden="true"
                className="absolute top-1.5 -left-[1.4rem] size-2.5 rounded-full bg-primary"
              />
              <span className="font-medium">{stepText(step)}</span>
              <span className="text-sm text-muted-foreground">
                <TimeAgo at={step.at} />
              </span>
              {step.type === 'submitted' || step.type === 'resubmitted' ? (
                revised ? (
                  <RevisionText step={step} />
                ) : null
              ) : step.type === 'commentEdited' ? (
                <EditedText step={step} />
              ) : step.reason ? (
                <span className="text-sm">
                  <span className="font-medium">Reason:</span> {step.reason}
                </span>
              ) : null}
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}

export function StoryHistorySheet({
  storyId,
  onClose,
}: {
  storyId: string | null;
  onClose: () => void;
}) {
  const history = useStoryHistory(storyId);
  return (
    <Sheet open={storyId !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <SheetContent>
        <SheetHeader>
          <SheetTitle>Story history</SheetTitle>
          <SheetDescription>
            Every version of the text and every moderation step, who took it and why.
          </SheetDescription>
        </SheetHeader>
        {history.isPending ? (
          <div role="status" aria-label="Loading story history" className="grid gap-3">
            <Skeleton rounded="lg" className="h-24 w-full" />
            <Skeleton rounded="lg" className="h-40 w-full" />
          </div>
        ) : history.isError ? (
          <p className="text-muted-foreground">This story&apos;s history could not be loaded.</p>
        ) : (
          <HistoryBody history={history.data} />
        )}
      </SheetContent>
    </Sheet>
  );
}
