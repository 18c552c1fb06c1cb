/**
 * /story/{id}: the back link, the story card once the story is there (story-card.tsx: the vote,
 * results, Skip / Next, Share), and the comments (passed in by the route) once a vote exists. A
 * visitor sees the comments read-only straight away (`commentsBeforeVote`), a banned member the
 * results and the comments, read-only, and the story's author on their approved story the thread,
 * to read and answer it without voting.
 * The story's answer carries the viewer's vote (one call per story). Only a missing story shows
 * Story Not Found; a failed load offers Try again; a call the client rate limiter holds back says
 * "Slow down a moment" with the seconds left.
 *
 * The first render is the skeleton, so the card's code is not part of the page's first load: it
 * loads once the page has painted (a visitor's page carries the story, so that paint holds its
 * text), or beside the story's data on a later visit. Data first, the skeleton draws the story's
 * text already. What shows when the story is
 * not there stays here: "Couldn't load this story" must show when the network is gone, when no
 * code could load.
 */
import { lazy, Suspense, type ReactNode } from 'react';

import type { StoryView } from '@whosright/contracts/story/dto';

import { slowDownUntil, storyLoadProblem, useStory } from '#web/features/stories/api/get-story.ts';
import { BackToStoriesLink } from '#web/features/stories/components/back-to-stories-link.tsx';
import type { StoryCardProps } from '#web/features/stories/components/story-card.tsx';
import { StoryNotFound } from '#web/features/stories/components/story-not-found.tsx';
import { SlowDownNotice } from '#web/features/stories/components/slow-down-notice.tsx';
import { StorySkeleton } from '#web/features/stories/components/story-skeleton.tsx';
import { StoryUnavailable } from '#web/features/stories/components/story-unavailable.tsx';
import { followShown } from '#web/features/stories/lib/follow-shown.ts';
import { useFirstContentPainted } from '#web/hooks/use-first-content-painted.ts';

// The route's loader imports the card's module too, as the story's data is fetched.
const StoryCard = lazy(() =>
  import('#web/features/stories/components/story-card.tsx').then((m) => ({
    default: m.StoryCard,
  })),
);

const skeleton = <StorySkeleton />;

/** The viewer's own story, published: its thread is theirs to answer. */
const ownLive = (story: { isOwn: boolean; status: string }) =>
  story.isOwn && story.status === 'approved';

export function StoryScreen({
  id,
  comments,
  ...cardProps
}: StoryCardProps & { id: string; comments: ReactNode }) {
  const story = useStory(id);
  // On a document's first load the story's text is drawn first, alone; the card's code (and the
  // comments') is asked for once it shows, so it never competes with that text on a slow phone.
  const painted = useFirstContentPainted();
  const skeletonOf = (data: StoryView) => (
    <StorySkeleton
      story={data}
      follow={followShown(data, { visitor: Boolean(cardProps.signInFirst) })}
    />
  );
  const vote = story.data?.myVote ?? null;
  const problem = storyLoadProblem(story);
  if (problem === 'not-found') return <StoryNotFound />;
  if (problem === 'unavailable')
    return <StoryUnavailable onRetry={() => void story.refetch()} retrying={story.isFetching} />;

  return (
    <div className="mx-auto grid w-full max-w-2xl gap-5 px-4 py-5 sm:py-10">
      <div className="grid">
        <BackToStoriesLink />
        <SlowDownNotice
          until={problem === 'slow-down' ? slowDownUntil(story.failureReason) : null}
          className="mt-5"
        />
      </div>
      {story.isSuccess && !painted ? (
        skeletonOf(story.data)
      ) : story.isSuccess ? (
        // The comments wait for the card: drawn below its skeleton, they would move when it came.
        <Suspense fallback={skeletonOf(story.data)}>
          <StoryCard id={id} story={story.data} {...cardProps} />
          {/* The story's author reads and answers the thread without voting first. */}
          {vote || cardProps.commentsBeforeVote || cardProps.banned || ownLive(story.data)
            ? comments
            : null}
        </Suspense>
      ) : (
        skeleton
      )}
    </div>
  );
}
