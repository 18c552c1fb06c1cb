/**
 * /story/{id}: the story card, voting, results, Skip / Next, Share,
 * and the comments (passed in by the route) once a vote exists. A visitor sees the comments
 * read-only straight away (`commentsBeforeVote`); their vote opens the sign-in sheet the route
 * passes in (`signInToVote`) and is cast once they are signed in.
 * The story's answer carries the viewer's vote (one call per story), and the next story is drawn
 * and fetched while this one is read. Only a missing story shows Story Not Found; a failed load
 * offers Try again; a call the client rate limiter holds back says "Slow down a moment".
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { ArrowLeftIcon, ArrowRightIcon, SkipForwardIcon } from 'lucide-react';
import type { VoteChoice } from '@whosright/contracts/story/events';

import { BannedHint } from '#web/components/banned-hint.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { useKeyboardShortcuts } from '#web/hooks/use-keyboard-shortcuts.ts';
import { useCastVote } from '#web/features/stories/api/cast-vote.ts';
import { storyLoadProblem, useStory } from '#web/features/stories/api/get-story.ts';
import { trackStory } from '#web/features/stories/api/track-story.ts';
import { useLiveStory } from '#web/features/stories/api/use-live-story.ts';
import { ShareMenu } from '#web/features/stories/components/share-menu.tsx';
import { ShortcutHint } from '#web/features/stories/components/shortcut-hint.tsx';
import { StoryMeta } from '#web/components/story-meta.tsx';
import { StoryNotFound } from '#web/features/stories/components/story-not-found.tsx';
import { SlowDownNotice } from '#web/features/stories/components/slow-down-notice.tsx';
import { StorySkeleton } from '#web/features/stories/components/story-skeleton.tsx';
import { StoryUnavailable } from '#web/features/stories/components/story-unavailable.tsx';
import { VoteButtons } from '#web/features/stories/components/vote-buttons.tsx';
import { VoteResults } from '#web/features/stories/components/vote-results.tsx';
import { takeFocusOnArrival, useNextStory } from '#web/features/stories/hooks/use-next-story.ts';
import { useViewTracking } from '#web/features/stories/hooks/use-view-tracking.ts';
import { useBackToFeed } from '#web/features/stories/hooks/use-feed-return.ts';

/** What the route renders while a visitor signs in to cast `choice`. */
export interface SignInToVoteProps {
  choice: VoteChoice;
  onSignedIn: () => void;
  onClose: () => void;
}

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
  const castVote = useCastVote(id);
  const [pendingVote, setPendingVote] = useState<VoteChoice | null>(null);
  const [visitorChoice, setVisitorChoice] = useState<VoteChoice | null>(null);
  const vote = story.data?.myVote ?? null;
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

  const cast = (choice: VoteChoice) => {
    setPendingVote(choice);
    castVote.mutate(choice, { onSettled: () => setPendingVote(null) });
  };
  const onVote = (choice: VoteChoice) => {
    if (vote || castVote.isPending || banned) return;
    if (signInToVote) setVisitorChoice(choice);
    else cast(choice);
  };
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

  const backToFeed = useBackToFeed();
  const problem = storyLoadProblem(story);
  if (problem === 'not-found') return <StoryNotFound />;
  if (problem === 'unavailable')
    return <StoryUnavailable onRetry={() => void story.refetch()} retrying={story.isFetching} />;

  return (
    <div className="mx-auto grid w-full max-w-2xl gap-5 px-4 py-5 sm:py-10">
      <Button asChild variant="ghost" className="-ml-3 justify-self-start">
        <a
          href={backToFeed.href}
          onClick={(event) => {
            if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
            event.preventDefault();
            backToFeed.go();
          }}
        >
          <ArrowLeftIcon />
          Back to stories
        </a>
      </Button>

      {problem === 'slow-down' ? <SlowDownNotice /> : null}
      {!ready ? (
        <StorySkeleton />
      ) : (
        <article
          ref={article}
          tabIndex={-1}
          aria-labelledby="story-title"
          className="grid scroll-mt-24 gap-6 rounded-2xl border bg-card p-5 shadow-sm outline-none sm:p-8"
        >
          <h1 id="story-title" className="sr-only">
            Story
          </h1>
          <StoryMeta category={story.data.category} createdAt={story.data.createdAt} />
          <p className="text-lg leading-relaxed text-pretty whitespace-pre-line sm:text-xl">
            {story.data.content}
          </p>
          <VoteButtons myVote={vote} pending={pendingVote} onVote={onVote} disabled={banned} />
          {banned && !vote ? <BannedHint /> : null}
          {vote ? (
            <VoteResults
              storyId={story.data.id}
              heVotes={story.data.heVotes}
              sheVotes={story.data.sheVotes}
              myVote={vote}
              focusWhen={castVote.isSuccess}
              actions={
                <>
                  <Button size="lg" onClick={() => void goNext()} disabled={finding}>
                    Next Story
                    <ArrowRightIcon />
                  </Button>
                  <ShareMenu storyId={story.data.id} content={story.data.content} />
                </>
              }
            />
          ) : (
            <div className="flex items-center justify-between gap-3">
              <Button variant="ghost" size="lg" onClick={onSkip} disabled={finding}>
                <SkipForwardIcon />
                Skip
              </Button>
              <ShareMenu storyId={story.data.id} content={story.data.content} />
            </div>
          )}
          <ShortcutHint />
        </article>
      )}

      {ready && (vote || commentsBeforeVote) ? comments : null}
      {visitorChoice && signInToVote
        ? signInToVote({
            choice: visitorChoice,
            onClose: () => setVisitorChoice(null),
            onSignedIn: () => {
              setVisitorChoice(null);
              cast(visitorChoice);
            },
          })
        : null}
    </div>
  );
}
