/**
 * Poor Performing Stories (Top 5% Skip Rate): Hide Story and Delete; the ranking as it stood at a
 * past moment, and dry runs of another rule.
 */
import { EyeOffIcon } from 'lucide-react';
import { useState } from 'react';
import type { AdminStory } from '@whosright/contracts/story/dto';

import { CardTopLine } from '#web/components/card-top-line.tsx';
import { PagedList } from '#web/components/paged-list.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { usePoorStories } from '#web/features/admin/api/get-admin-lists.ts';
import { useSetStoryStatus } from '#web/features/admin/api/moderate-story.ts';
import { ConfirmActionDialog, SHOWN_TO_AUTHOR } from '#web/components/confirm-action-dialog.tsx';
import { DeleteStoryButton } from '#web/features/admin/components/delete-story-button.tsx';
import { HistoryButton } from '#web/features/admin/components/history-button.tsx';
import { RankingAsOf } from '#web/features/admin/components/ranking-as-of.tsx';
import { RuleDryRun } from '#web/features/admin/components/rule-dry-run.tsx';
import { skipRatePercent } from '#web/features/admin/components/skip-rate.ts';
import { useReplay } from '#web/features/admin/api/get-replay.ts';

function PoorStoryCard({
  story,
  onHistory,
}: {
  story: AdminStory;
  onHistory: (storyId: string) => void;
}) {
  const hide = useSetStoryStatus('poor');
  return (
    <article className="grid gap-3 rounded-xl border bg-card p-4 sm:p-5">
      <CardTopLine
        badges={
          <Badge
            variant={null}
            className="border-transparent bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200"
          >
            {skipRatePercent(story.skipRate)} skip rate
          </Badge>
        }
        category={story.category}
        createdAt={story.createdAt}
        actions={<HistoryButton onClick={() => onHistory(story.id)} />}
      />
      <p className="line-clamp-4 leading-relaxed text-pretty">{story.content}</p>
      <p className="flex gap-4 text-sm text-muted-foreground">
        <span>
          {story.viewCount} {story.viewCount === 1 ? 'view' : 'views'}
        </span>
        <span>
          {story.skipCount} {story.skipCount === 1 ? 'skip' : 'skips'}
        </span>
      </p>
      <div className="flex flex-wrap gap-2">
        <ConfirmActionDialog
          trigger={
            <Button size="sm" variant="outline">
              <EyeOffIcon aria-hidden="true" />
              Hide Story
            </Button>
          }
          title="Hide this story?"
          description="It leaves the feed and Random; its author still sees it, marked hidden."
          confirmLabel="Hide story"
          reasonHint={SHOWN_TO_AUTHOR}
          onConfirm={(reason) => hide.mutate({ id: story.id, status: 'hidden', reason })}
        />
        <DeleteStoryButton storyId={story.id} from="poor" />
      </div>
    </article>
  );
}

export function PoorStoriesTab({ onHistory }: { onHistory: (storyId: string) => void }) {
  const today = usePoorStories();
  const [replayId, setReplayId] = useState<string | null>(null);
  const replay = useReplay(replayId).data;
  return (
    <div className="grid gap-6">
      <PagedList
        query={today}
        label="Poor performing stories"
        empty="No poor performing stories found"
        render={(story) => <PoorStoryCard story={story} onHistory={onHistory} />}
      />
      <RankingAsOf
        today={today.data?.pages[0]?.items ?? []}
        replayId={replayId}
        onReplay={setReplayId}
      />
      <RuleDryRun replay={replay?.status === 'done' ? replay : null} />
    </div>
  );
}
