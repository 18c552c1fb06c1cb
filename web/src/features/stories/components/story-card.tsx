import type { Ref } from 'react';
import { ArrowRightIcon, SkipForwardIcon } from 'lucide-react';
import type { StoryView } from '@whosright/contracts/story/dto';
import type { VoteChoice } from '@whosright/contracts/story/events';

import { BannedHint } from '#web/components/banned-hint.tsx';
import { StoryMeta } from '#web/components/story-meta.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { ShareMenu } from '#web/features/stories/components/share-menu.tsx';
import { ShortcutHint } from '#web/features/stories/components/shortcut-hint.tsx';
import { VoteButtons } from '#web/features/stories/components/vote-buttons.tsx';
import { VoteResults } from '#web/features/stories/components/vote-results.tsx';

/**
 * The story itself: its text, the vote buttons, then either the results with Next Story (once
 * the reader voted) or Skip; Share either way.
 */
export function StoryCard({
  story,
  articleRef,
  pendingVote,
  onVote,
  banned,
  justVoted,
  onNext,
  onSkip,
  finding,
}: {
  story: StoryView;
  articleRef: Ref<HTMLElement>;
  pendingVote: VoteChoice | null;
  onVote: (choice: VoteChoice) => void;
  banned: boolean;
  /** The reader's vote was just cast here: the results take the focus. */
  justVoted: boolean;
  onNext: () => void;
  onSkip: () => void;
  /** The next story is being drawn: Next and Skip wait. */
  finding: boolean;
}) {
  const vote = story.myVote ?? null;
  const share = <ShareMenu storyId={story.id} content={story.content} />;
  return (
    <article
      ref={articleRef}
      tabIndex={-1}
      aria-labelledby="story-title"
      className="grid scroll-mt-24 gap-6 rounded-2xl border bg-card p-5 shadow-sm outline-none sm:p-8"
    >
      <h1 id="story-title" className="sr-only">
        Story
      </h1>
      <StoryMeta category={story.category} createdAt={story.createdAt} />
      <p className="text-lg leading-relaxed text-pretty whitespace-pre-line sm:text-xl">
        {story.content}
      </p>
      <VoteButtons myVote={vote} pending={pendingVote} onVote={onVote} disabled={banned} />
      {banned && !vote ? <BannedHint /> : null}
      {vote ? (
        <VoteResults
          storyId={story.id}
          heVotes={story.heVotes}
          sheVotes={story.sheVotes}
          myVote={vote}
          focusWhen={justVoted}
          actions={
            <>
              <Button size="lg" onClick={onNext} disabled={finding}>
                Next Story
                <ArrowRightIcon />
              </Button>
              {share}
            </>
          }
        />
      ) : (
        <div className="flex items-center justify-between gap-3">
          <Button variant="ghost" size="lg" onClick={onSkip} disabled={finding}>
            <SkipForwardIcon />
            Skip
          </Button>
          {share}
        </div>
      )}
      <ShortcutHint />
    </article>
  );
}
