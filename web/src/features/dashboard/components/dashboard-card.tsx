import { ExternalLinkIcon, MessageCircleIcon } from 'lucide-react';
import type { DashboardStory } from '@whosright/contracts/story/dto';
import { EXCERPT_LENGTH } from '@whosright/contracts/shared/constants';
import { excerpt } from '@whosright/contracts/shared/excerpt';
import { votePercentages, votingScoreLabel } from '@whosright/contracts/story/rules';

import { StoryMeta } from '#web/components/story-meta.tsx';
import { Button } from '#web/components/ui/button.tsx';

export function DashboardCard({ story }: { story: DashboardStory }) {
  const split = votePercentages(story.heVotes, story.sheVotes);
  const path = `/story/${story.id}`;
  return (
    <article className="grid gap-3 rounded-xl border bg-card p-4 sm:p-5">
      <StoryMeta category={story.category} createdAt={story.createdAt} />
      <p className="leading-relaxed text-pretty">
        {excerpt(story.content, EXCERPT_LENGTH.dashboard)}
      </p>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">
        <span>
          {story.totalVotes} {story.totalVotes === 1 ? 'vote' : 'votes'} (
          <span className="text-he">He {story.heVotes}</span> /{' '}
          <span className="text-she">She {story.sheVotes}</span>)
        </span>
        <span className="inline-flex items-center gap-1">
          <MessageCircleIcon className="size-4" aria-hidden="true" />
          {story.commentCount} {story.commentCount === 1 ? 'comment' : 'comments'}
        </span>
        {/* Nobody has voted: no verdict to state, rather than a tie of 0% against 0%. */}
        <span className="font-semibold text-foreground">
          {story.totalVotes === 0
            ? 'No votes yet'
            : `${votingScoreLabel(story.votingScore)} (${split.he}% He / ${split.she}% She)`}
        </span>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2 border-t pt-3">
        <code className="min-w-0 text-xs break-all text-muted-foreground">{path}</code>
        <Button asChild variant="outline" size="sm">
          <a href={path} target="_blank" rel="noopener noreferrer">
            <ExternalLinkIcon />
            Open
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </Button>
      </div>
    </article>
  );
}
