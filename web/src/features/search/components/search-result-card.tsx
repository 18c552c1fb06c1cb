import { Link } from '@tanstack/react-router';
import { MessageCircleIcon, VoteIcon } from 'lucide-react';
import type { StorySearchResult } from '@whosright/contracts/search/dto';

import { StoryMeta } from '#web/components/story-meta.tsx';
import { ExcerptText } from '#web/features/search/components/excerpt-text.tsx';

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** A story found: category, age, the excerpt with what matched marked, its votes and comments; the whole card links. */
export function SearchResultCard({ story }: { story: StorySearchResult }) {
  const votes = story.heVotes + story.sheVotes;
  return (
    <article className="relative grid gap-3 rounded-xl border bg-card p-4 shadow-xs transition-shadow has-focus-visible:ring-[3px] has-focus-visible:ring-ring hover:shadow-md sm:p-5">
      <StoryMeta category={story.category} createdAt={story.createdAt} />
      <p className="text-[0.95rem] leading-relaxed text-pretty break-words">
        <Link
          to="/story/$id"
          params={{ id: story.id }}
          className="outline-none after:absolute after:inset-0 after:content-['']"
        >
          <ExcerptText segments={story.excerpt} />
        </Link>
      </p>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-muted-foreground">
        <span className="inline-flex items-center gap-1.5 whitespace-nowrap">
          <VoteIcon className="size-4" aria-hidden="true" />
          {plural(votes, 'vote')}
        </span>
        <span className="inline-flex items-center gap-1.5 whitespace-nowrap">
          <MessageCircleIcon className="size-4" aria-hidden="true" />
          {plural(story.commentCount, 'comment')}
        </span>
      </div>
    </article>
  );
}
