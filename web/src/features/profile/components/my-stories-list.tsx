import { useEffect, useRef } from 'react';
import { Link, useLocation } from '@tanstack/react-router';
import type { MyStory } from '@whosright/contracts/story/dto';

import { useDeleteMine } from '#web/features/profile/api/delete-mine.ts';
import { useMyStories } from '#web/features/profile/api/get-my-stories.ts';
import { CardTopLine } from '#web/components/card-top-line.tsx';
import { ConfirmDeleteButton } from '#web/components/confirm-delete-button.tsx';
import { PagedList } from '#web/components/paged-list.tsx';
import { StatusBadge } from '#web/components/status-badge.tsx';
import { REACTION_TYPES, reactionLabel } from '#web/lib/reaction-label.ts';
import { ResubmitButton } from '#web/features/profile/components/resubmit-button.tsx';
import { StoryTallies } from '#web/features/profile/components/story-tallies.tsx';
import { cn } from '#web/lib/utils.ts';

/** The card's anchor: a notification about a story that is not public leads here. */
const myStoryAnchor = (storyId: string) => `story-${storyId}`;

/** Brought into view and focused when the address names it (`/profile#story-…`). */
function useShownWhenNamed(storyId: string) {
  const hash = useLocation({ select: (location) => location.hash });
  const card = useRef<HTMLElement>(null);
  const named = hash === myStoryAnchor(storyId);
  useEffect(() => {
    if (named) card.current?.focus({ preventScroll: false });
  }, [named]);
  return { card, named };
}

function MyStoryCard({ story, banned }: { story: MyStory; banned: boolean }) {
  const remove = useDeleteMine('story');
  const { card, named } = useShownWhenNamed(story.id);
  const reason =
    (story.status === 'rejected' || story.status === 'hidden') && story.moderationReason;
  return (
    <article
      ref={card}
      id={myStoryAnchor(story.id)}
      tabIndex={-1}
      className={cn(
        'grid scroll-mt-24 gap-3 rounded-xl border bg-card p-4 outline-none sm:p-5',
        named && 'ring-2 ring-primary',
      )}
    >
      <CardTopLine
        badges={<StatusBadge status={story.status} />}
        category={story.category}
        createdAt={story.createdAt}
        actions={
          <ConfirmDeleteButton
            what="story"
            label="Delete story"
            pending={remove.isPending}
            onConfirm={() => remove.mutate(story.id)}
          />
        }
      />
      <p className="line-clamp-4 leading-relaxed text-pretty">
        {story.status === 'approved' ? (
          <Link to="/story/$id" params={{ id: story.id }} className="hover:underline">
            {story.content}
          </Link>
        ) : (
          story.content
        )}
      </p>
      {reason ? (
        <p className="rounded-lg bg-muted px-3 py-2 text-sm">
          <span className="font-semibold">Moderator&apos;s note:</span> {reason}
        </p>
      ) : null}
      {story.resubmittable ? (
        <div>
          <ResubmitButton story={story} disabled={banned} />
        </div>
      ) : null}
      <StoryTallies story={story}>
        {REACTION_TYPES.map((type) => (
          <span key={type}>
            {reactionLabel(type)} {story.reactions[type]}
          </span>
        ))}
      </StoryTallies>
    </article>
  );
}

/** `banned`: a ban keeps the member from resubmitting, so that button is disabled. */
export function MyStoriesList({ banned }: { banned: boolean }) {
  const stories = useMyStories();
  return (
    <PagedList
      query={stories}
      label="My stories"
      empty="You haven't submitted any stories yet."
      render={(story) => <MyStoryCard story={story} banned={banned} />}
    />
  );
}
