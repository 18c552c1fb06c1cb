/**
 * Pending Stories: the queue, oldest first, each with who submitted it (and their record), Approve,
 * Reject and permanent delete. A story its author resubmitted says so, and its earlier versions are one click away in its history.
 */
import { CheckIcon, HistoryIcon, XIcon } from 'lucide-react';
import type { AdminStory } from '@whosright/contracts/story/dto';

import { CardTopLine } from '#web/components/card-top-line.tsx';
import { PagedList } from '#web/components/paged-list.tsx';
import { StatusBadge } from '#web/components/status-badge.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { usePendingStories } from '#web/features/admin/api/get-admin-lists.ts';
import { useSetStoryStatus } from '#web/features/admin/api/moderate-story.ts';
import { ConfirmActionDialog, SHOWN_TO_AUTHOR } from '#web/components/confirm-action-dialog.tsx';
import { DeleteStoryButton } from '#web/features/admin/components/delete-story-button.tsx';
import { HistoryButton } from '#web/features/admin/components/history-button.tsx';
import { MemberHistoryButton } from '#web/features/admin/components/member-history-button.tsx';
import type { MemberRef } from '#web/features/admin/components/member-history-sheet.tsx';

interface HistoryOpeners {
  onHistory: (storyId: string) => void;
  onMemberHistory: (member: MemberRef) => void;
}

/** Who submitted it, and their record one click away. */
function SubmittedBy({
  author,
  onMemberHistory,
}: {
  author: NonNullable<AdminStory['author']>;
  onMemberHistory: HistoryOpeners['onMemberHistory'];
}) {
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
      <span className="min-w-0 break-words">
        Submitted by <span className="font-medium text-foreground">{author.displayName}</span>
      </span>
      <MemberHistoryButton
        name={author.displayName}
        onClick={() => onMemberHistory({ id: author.id, name: author.displayName })}
      />
    </div>
  );
}

function PendingStoryCard({
  story,
  onHistory,
  onMemberHistory,
}: HistoryOpeners & { story: AdminStory }) {
  const decide = useSetStoryStatus('pending');
  const resubmitted = story.revision > 1;
  return (
    <article className="grid gap-3 rounded-xl border bg-card p-4 sm:p-5">
      <CardTopLine
        badges={
          <>
            <StatusBadge status={story.status} />
            {resubmitted ? <Badge variant="outline">Resubmitted</Badge> : null}
            {story.automodMatch ? (
              <Badge variant="outline">matched: {story.automodMatch}</Badge>
            ) : null}
          </>
        }
        category={story.category}
        createdAt={story.createdAt}
        actions={<HistoryButton onClick={() => onHistory(story.id)} />}
      />
      <p className="leading-relaxed text-pretty whitespace-pre-line">{story.content}</p>
      {story.author ? (
        <SubmittedBy author={story.author} onMemberHistory={onMemberHistory} />
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={() => decide.mutate({ id: story.id, status: 'approved' })}>
          <CheckIcon aria-hidden="true" />
          Approve
        </Button>
        <ConfirmActionDialog
          trigger={
            <Button size="sm" variant="outline">
              <XIcon aria-hidden="true" />
              Reject
            </Button>
          }
          title="Reject this story?"
          description="It will not be published. Its author sees it as rejected."
          confirmLabel="Reject story"
          reasonHint={SHOWN_TO_AUTHOR}
          onConfirm={(reason) => decide.mutate({ id: story.id, status: 'rejected', reason })}
        />
        <DeleteStoryButton storyId={story.id} from="pending" />
        {resubmitted ? (
          <Button size="sm" variant="ghost" onClick={() => onHistory(story.id)}>
            <HistoryIcon aria-hidden="true" />
            Previous version
          </Button>
        ) : null}
      </div>
    </article>
  );
}

export function PendingStoriesTab({ onHistory, onMemberHistory }: HistoryOpeners) {
  return (
    <PagedList
      query={usePendingStories()}
      label="Pending stories"
      empty="No stories pending moderation"
      render={(story) => (
        <PendingStoryCard story={story} onHistory={onHistory} onMemberHistory={onMemberHistory} />
      )}
    />
  );
}
