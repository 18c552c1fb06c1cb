/**
 * /story/{id}: the story card, voting, results, Skip / Next, Share,
 * and the comments (passed in by the route) once a vote exists. A visitor sees the comments
 * read-only straight away (`commentsBeforeVote`); their vote opens the sign-in sheet the route
 * passes in (`signInToVote`) and is cast once they are signed in.
 * The story's answer carries the viewer's vote (one call per story), and the next story is drawn
 * and fetched while this one is read. Only a missing story shows Story Not Found; a failed load
 * offers Try again; a call the client rate limiter holds back says "Slow down a moment".
 */
import { useEffect, useRef, type ReactNode } from 'react';

import { useKeyboardShortcuts } from '#web/hooks/use-keyboard-shortcuts.ts';
import { storyLoadProblem, useStory } from '#web/features/stories/api/get-story.ts';
import { trackStory } from '#web/features/stories/api/track-story.ts';
import { useLiveStory } from '#web/features/stories/api/use-live-story.ts';
import { BackToStoriesLink } from '#web/features/stories/components/back-to-stories-link.tsx';
import { StoryCard } from '#web/features/stories/components/story-card.tsx';
import { StoryNotFound } from '#web/features/stories/components/story-not-found.tsx';
import { SlowDownNotice } from '#web/features/stories/components/slow-down-notice.tsx';
import { StorySkeleton } from '#web/features/stories/components/story-skeleton.tsx';
import { StoryUnavailable } from '#web/features/stories/components/story-unavailable.tsx';
import { takeFocusOnArrival, useNextStory } from '#web/features/stories/hooks/use-next-story.ts';
import {
  useStoryVote,
  type SignInToVoteProps,
} from '#web/features/stories/hooks/use-story-vote.tsx';
import { useViewTracking } from '#web/features/stories/hooks/use-view-tracking.ts';

/** The route renders its sign-in sheet with these. */
export type { SignInToVoteProps };

export function StoryScreen({
  id,
  comments,
  commentsBeforeVote = false,
  onCommentsChanged,
  signInToVote,
  banned = false,
}: {
  id: string;
  comments: ReactNode;
  commentsBeforeVote?: boolean;
  /** Someone else commented or a comment went away (the live stream says so). */
  onCommentsChanged?: () => void;
  /** For a visitor: the vote buttons open this (sign in or sign up), then the vote is cast. */
  signInToVote?: (props: SignInToVoteProps) => ReactNode;
  /** A banned member reads; the vote buttons are disabled, and say why. */
  banned?: boolean;
}) {
  const story = useStory(id);
  const vote = story.data?.myVote ?? null;
  const { onVote, pendingVote, justVoted, signInSheet } = useStoryVote(id, {
    vote,
    banned,
    signInToVote,
  });
  const ready = story.isSuccess;
  const { goNext, finding } = useNextStory(id, { prefetch: ready });
  useViewTracking(ready ? story.data.id : undefined);
  // Live while the results or the comments are on screen.
  useLiveStory(id, {
    enabled: ready && (vote !== null || commentsBeforeVote),
    onComments: onCommentsChanged,
  });
  const article = useRef<HTMLElement>(null);
  useEffect(() => {
    if (ready && takeFocusOnArrival()) article.current?.focus();
  }, [ready, id]);

  const onSkip = () => {
    if (finding) return;
    trackStory(id, 'skip');
    void goNext();
  };

  useKeyboardShortcuts(
    {
      h: () => onVote('he'),
      s: () => onVote('she'),
      n: () => (vote ? void goNext() : onSkip()),
    },
    ready,
  );

  const problem = storyLoadProblem(story);
  if (problem === 'not-found') return <StoryNotFound />;
  if (problem === 'unavailable')
    return <StoryUnavailable onRetry={() => void story.refetch()} retrying={story.isFetching} />;

  return (
    <div className="mx-auto grid w-full max-w-2xl gap-5 px-4 py-5 sm:py-10">
      <BackToStoriesLink />
      {problem === 'slow-down' ? <SlowDownNotice /> : null}
      {ready ? (
        <StoryCard
          story={story.data}
          articleRef={article}
          pendingVote={pendingVote}
          onVote={onVote}
          banned={banned}
          justVoted={justVoted}
          onNext={() => void goNext()}
          onSkip={onSkip}
          finding={finding}
        />
      ) : (
        <StorySkeleton />
      )}

      {ready && (vote || commentsBeforeVote) ? comments : null}
      {signInSheet}
    </div>
  );
}
