/**
 * /story/{id}: the story card, voting, results, Skip / Next, Share, and the comments (passed in by
 * the route) once a vote exists. Visitors cannot vote (the server refuses), so for them
 * `commentsBeforeVote` shows the comments read-only straight away.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { ArrowLeftIcon, ArrowRightIcon, SkipForwardIcon } from 'lucide-react';
import type { VoteChoice } from '@whosright/contracts/story/events';

import { Button } from '#web/components/ui/button.tsx';
import { useKeyboardShortcuts } from '#web/hooks/use-keyboard-shortcuts.ts';
import { useCastVote } from '#web/features/stories/api/cast-vote.ts';
import { useMyVote } from '#web/features/stories/api/get-my-vote.ts';
import { useStory } from '#web/features/stories/api/get-story.ts';
import { trackStory } from '#web/features/stories/api/track-story.ts';
import { useLiveStory } from '#web/features/stories/api/use-live-story.ts';
import { ShareMenu } from '#web/features/stories/components/share-menu.tsx';
import { ShortcutHint } from '#web/features/stories/components/shortcut-hint.tsx';
import { StoryMeta } from '#web/components/story-meta.tsx';
import { StoryNotFound } from '#web/features/stories/components/story-not-found.tsx';
import { StorySkeleton } from '#web/features/stories/components/story-skeleton.tsx';
import { VoteButtons } from '#web/features/stories/components/vote-buttons.tsx';
import { VoteResults } from '#web/features/stories/components/vote-results.tsx';
import { takeFocusOnArrival, useNextStory } from '#web/features/stories/hooks/use-next-story.ts';
import { useViewTracking } from '#web/features/stories/hooks/use-view-tracking.ts';

export function StoryScreen({
  id,
  comments,
  commentsBeforeVote = false,
  onCommentsChanged,
}: {
  id: string;
  comments: ReactNode;
  commentsBeforeVote?: boolean;
  /** Someone else commented or a comment went away (the live stream says so). */
  onCommentsChanged?: () => void;
}) {
  const story = useStory(id);
  const myVote = useMyVote(id, story.isSuccess);
  const castVote = useCastVote(id);
  const { goNext, finding } = useNextStory(id);
  const [pendingVote, setPendingVote] = useState<VoteChoice | null>(null);
  const vote = myVote.data ?? null;
  const ready = story.isSuccess && !myVote.isPending;
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

  const onVote = (choice: VoteChoice) => {
    if (vote || castVote.isPending) return;
    setPendingVote(choice);
    castVote.mutate(choice, { onSettled: () => setPendingVote(null) });
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

  if (story.isError) return <StoryNotFound />;

  return (
    <div className="mx-auto grid w-full max-w-2xl gap-5 px-4 py-5 sm:py-10">
      <Button asChild variant="ghost" className="-ml-3 justify-self-start">
        <Link to="/">
          <ArrowLeftIcon />
          Back to stories
        </Link>
      </Button>

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
          <VoteButtons myVote={vote} pending={pendingVote} onVote={onVote} />
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
    </div>
  );
}
