import { Link } from '@tanstack/react-router';
import { MessageCircleIcon, VoteIcon } from 'lucide-react';
import type { FeedStory } from '@whosright/contracts/story/dto';

import { StoryMeta } from '#web/components/story-meta.tsx';
import { cn } from '#web/lib/utils.ts';
import { voteLabel } from '#web/features/stories/lib/vote-label.ts';

/**
 * "She's Right · 82%", or "Split · 50%" on a tie: the leader's soft colour behind, a dot of their
 * colour, and the text in the foreground colour (the side's own red is too light for small text on
 * its soft background).
 */
function VerdictFlair({ verdict }: { verdict: NonNullable<FeedStory['verdict']> }) {
  const { leader, percent } = verdict;
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-bold whitespace-nowrap text-foreground',
        leader === 'he' ? 'bg-he-soft' : leader === 'she' ? 'bg-she-soft' : 'bg-muted',
      )}
    >
      {leader ? (
        <span
          aria-hidden="true"
          className={cn('size-2 rounded-full', leader === 'he' ? 'bg-he' : 'bg-she')}
        />
      ) : null}
      {leader ? voteLabel(leader) : 'Split'} · {percent}%
    </span>
  );
}

/**
 * A story in the feed: category, age, an excerpt, the vote total and, for a reader who voted on it
 * or on a settled story, its verdict; the whole card links.
 */
export function StoryFeedCard({ story }: { story: FeedStory }) {
  const votes = story.heVotes + story.sheVotes;
  return (
    <article className="group relative flex h-full flex-col gap-3 rounded-xl border bg-card p-4 shadow-xs transition-shadow has-focus-visible:ring-[3px] has-focus-visible:ring-ring hover:shadow-md sm:p-5">
      <StoryMeta category={story.category} createdAt={story.createdAt} />
      {/* Not stretched: a taller neighbour in the row would show a fifth line after the "…". */}
      <p className="line-clamp-4 text-[0.95rem] leading-relaxed text-pretty">
        <Link
          to="/story/$id"
          params={{ id: story.id }}
          className="outline-none after:absolute after:inset-0 after:content-['']"
        >
          {story.content}
        </Link>
      </p>
      <div className="mt-auto flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-muted-foreground">
        <span className="inline-flex items-center gap-1.5 whitespace-nowrap">
          <VoteIcon className="size-4" aria-hidden="true" />
          {votes} {votes === 1 ? 'vote' : 'votes'}
        </span>
        <span className="inline-flex items-center gap-1.5 whitespace-nowrap">
          <MessageCircleIcon className="size-4" aria-hidden="true" />
          {story.commentCount} {story.commentCount === 1 ? 'comment' : 'comments'}
        </span>
        {story.verdict ? (
          <span className="ml-auto">
            <VerdictFlair verdict={story.verdict} />
          </span>
        ) : (
          <span className="ml-auto font-semibold text-foreground group-hover:underline">
            Vote &rarr;
          </span>
        )}
      </div>
    </article>
  );
}
