import { Link } from '@tanstack/react-router';
import { MessageCircleIcon, VoteIcon } from 'lucide-react';
import type { StoryCard } from '@whosright/contracts/story/dto';

import { StoryMeta } from '#web/components/story-meta.tsx';

/** A story in the feed: category, age, an excerpt and the vote total; the whole card links. */
export function StoryFeedCard({ story }: { story: StoryCard }) {
  const votes = story.heVotes + story.sheVotes;
  return (
    <article className="group relative flex h-full flex-col gap-3 rounded-xl border bg-card p-4 shadow-xs transition-shadow has-focus-visible:ring-[3px] has-focus-visible:ring-ring hover:shadow-md sm:p-5">
      <StoryMeta category={story.category} createdAt={story.createdAt} />
      <p className="line-clamp-4 flex-1 text-[0.95rem] leading-relaxed text-pretty">
        <Link
          to="/story/$id"
          params={{ id: story.id }}
          className="outline-none after:absolute after:inset-0 after:content-['']"
        >
          {story.content}
        </Link>
      </p>
      <div className="flex items-center gap-4 text-sm text-muted-foreground">
        <span className="inline-flex items-center gap-1.5">
          <VoteIcon className="size-4" aria-hidden="true" />
          {votes} {votes === 1 ? 'vote' : 'votes'}
        </span>
        <span className="inline-flex items-center gap-1.5">
          <MessageCircleIcon className="size-4" aria-hidden="true" />
          {story.commentCount} {story.commentCount === 1 ? 'comment' : 'comments'}
        </span>
        <span className="ml-auto font-semibold text-foreground group-hover:underline">
          Vote &rarr;
        </span>
      </div>
    </article>
  );
}
