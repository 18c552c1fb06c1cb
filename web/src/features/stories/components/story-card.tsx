/**
 * The story card once its story is there: content, the vote and its results, Skip / Next and
 * Share, and what a shown story does (the view is tracked, the next story is drawn and fetched,
 * the results follow other votes live, H / S / N work). Its code loads beside the story's data
 * (the route's loader starts it): the story screen shows the skeleton until both are there.
 * A visitor's vote, reaction, save or follow opens the sign-in sheet the route passes in
 * (`signInFirst`) and is made once they are signed in.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { ArrowRightIcon, SkipForwardIcon } from 'lucide-react';
import type { StoryView } from '@whosright/contracts/story/dto';
import type { ReactionType, VoteChoice } from '@whosright/contracts/story/events';

import { BannedHint } from '#web/components/banned-hint.tsx';
import { ReportButton } from '#web/components/report/report-button.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { useKeyboardShortcuts } from '#web/hooks/use-keyboard-shortcuts.ts';
import { useCastVote } from '#web/features/stories/api/cast-vote.ts';
import { useReactToStory } from '#web/features/stories/api/react-to-story.ts';
import { useFollowStory } from '#web/features/stories/api/follow-story.ts';
import { useSaveStory } from '#web/features/stories/api/save-story.ts';
import { skipQueue } from '#web/features/stories/api/skip-queue.ts';
import { useLiveStory } from '#web/features/stories/api/use-live-story.ts';
import { ShareMenu } from '#web/features/stories/components/share-menu.tsx';
import { SlowDownNotice } from '#web/features/stories/components/slow-down-notice.tsx';
import { ReactionChips } from '#web/features/stories/components/reaction-chips.tsx';
import { StoryCardTop } from '#web/features/stories/components/story-card-top.tsx';
import { StoryToggles } from '#web/features/stories/components/story-toggles.tsx';
import { ShortcutHint } from '#web/features/stories/components/shortcut-hint.tsx';
import { VoteButtons } from '#web/features/stories/components/vote-buttons.tsx';
import { VoteResults } from '#web/features/stories/components/vote-results.tsx';
import { reactionLabel } from '#web/lib/reaction-label.ts';
import { followShown } from '#web/features/stories/lib/follow-shown.ts';
import { voteLabel } from '#web/features/stories/lib/vote-label.ts';
import { takeFocusOnArrival, useNextStory } from '#web/features/stories/hooks/use-next-story.ts';
import { useViewTracking } from '#web/features/stories/hooks/use-view-tracking.ts';

/** What the route renders while a visitor signs in to vote or react: what for, and then what. */
export interface SignInFirstProps {
  title: string;
  description: string;
  onSignedIn: () => void;
  onClose: () => void;
}

/** What a visitor asked for before signing in: done once they are in. */
type VisitorIntent =
  { vote: VoteChoice } | { reaction: ReactionType } | { save: true } | { follow: true };

function signInText(intent: VisitorIntent): { title: string; description: string } {
  if ('vote' in intent)
    return {
      title: `Sign in to vote ${voteLabel(intent.vote)}`,
      description: 'Your vote is cast as soon as you are in, and the results show right here.',
    };
  if ('save' in intent)
    return {
      title: 'Sign in to save',
      description: 'The story is saved to your profile as soon as you are in.',
    };
  if ('follow' in intent)
    return {
      title: 'Sign in to follow',
      description:
        'You follow the story as soon as you are in: new comments and a flipped majority come to your bell.',
    };
  return {
    title: 'Sign in to react',
    description: `Your ${reactionLabel(intent.reaction)} is added as soon as you are in.`,
  };
}

export interface StoryCardProps {
  /** Comments show before a vote (a visitor reads them read-only straight away). */
  commentsBeforeVote?: boolean;
  /** Someone else commented or a comment went away (the live stream says so). */
  onCommentsChanged?: () => void;
  /**
   * For a visitor: the vote buttons and reaction chips open this (sign in or sign up), then the
   * vote is cast or the reaction given.
   */
  signInFirst?: (props: SignInFirstProps) => ReactNode;
  /**
   * A banned member reads: the vote buttons and reactions are disabled and say why, and the
   * results and comments show read-only, voted before the ban or not.
   */
  banned?: boolean;
}

export function StoryCard({
  id,
  story,
  commentsBeforeVote = false,
  onCommentsChanged,
  signInFirst,
  banned = false,
}: StoryCardProps & {
  /** The id the story was asked for (its query's key). */
  id: string;
  story: StoryView;
}) {
  const castVote = useCastVote(id);
  const react = useReactToStory(id);
  const save = useSaveStory(id);
  const follow = useFollowStory(id);
  const [pendingVote, setPendingVote] = useState<VoteChoice | null>(null);
  const [visitorIntent, setVisitorIntent] = useState<VisitorIntent | null>(null);
  const vote = story.myVote ?? null;
  const { goNext, finding, heldUntil } = useNextStory(id, { prefetch: true });
  useViewTracking(story.id);
  // Live while the results or the comments are on screen.
  const resultsShown = vote !== null || banned;
  useLiveStory(id, {
    enabled: resultsShown || commentsBeforeVote,
    onComments: onCommentsChanged,
  });
  const article = useRef<HTMLElement>(null);
  useEffect(() => {
    if (takeFocusOnArrival()) article.current?.focus();
  }, [id]);

  const cast = (choice: VoteChoice) => {
    setPendingVote(choice);
    castVote.mutate(choice, { onSettled: () => setPendingVote(null) });
  };
  const onVote = (choice: VoteChoice) => {
    if (vote || castVote.isPending || banned) return;
    if (signInFirst) setVisitorIntent({ vote: choice });
    else cast(choice);
  };
  const giveOrWithdraw = (type: ReactionType) =>
    react.mutate({ type, given: !story.myReactions.includes(type) });
  const onReaction = (type: ReactionType) => {
    if (banned) return;
    if (signInFirst) setVisitorIntent({ reaction: type });
    else giveOrWithdraw(type);
  };
  const onSave = () => {
    if (banned) return;
    if (signInFirst) setVisitorIntent({ save: true });
    else save.mutate(!story.saved);
  };
  const onFollow = () => {
    if (banned) return;
    if (signInFirst) setVisitorIntent({ follow: true });
    else follow.mutate(!story.following);
  };
  const onSkip = () => {
    if (finding) return;
    skipQueue.add(id);
    void goNext();
  };

  // Skip or Next waits for a draw the client rate limiter holds back: until when.
  const slowDown = <SlowDownNotice until={finding ? heldUntil : null} className="mt-4" />;

  useKeyboardShortcuts({
    h: () => onVote('he'),
    s: () => onVote('she'),
    n: () => (vote ? void goNext() : onSkip()),
  });

  return (
    <>
      <article
        ref={article}
        tabIndex={-1}
        aria-labelledby="story-title"
        className="grid scroll-mt-24 gap-6 rounded-2xl border bg-card p-5 shadow-sm outline-none sm:p-8"
      >
        <h1 id="story-title" className="sr-only">
          Story
        </h1>
        <StoryCardTop
          story={story}
          actions={
            <StoryToggles
              story={story}
              follow={followShown(story, { visitor: Boolean(signInFirst) })}
              onFollow={onFollow}
              onSave={onSave}
              disabled={banned}
            />
          }
        />
        <ReactionChips
          counts={story.reactions}
          mine={story.myReactions}
          onToggle={onReaction}
          disabled={banned}
        />
        <VoteButtons myVote={vote} pending={pendingVote} onVote={onVote} disabled={banned} />
        {banned && !vote ? <BannedHint /> : null}
        {resultsShown ? (
          <VoteResults
            storyId={story.id}
            heVotes={story.heVotes}
            sheVotes={story.sheVotes}
            myVote={vote}
            focusWhen={castVote.isSuccess}
            actions={
              <>
                <Button size="lg" onClick={() => void goNext()} disabled={finding}>
                  <span className="leading-tight whitespace-normal">Next Story</span>
                  <ArrowRightIcon />
                </Button>
                <ShareMenu storyId={story.id} content={story.content} />
              </>
            }
            belowActions={slowDown}
          />
        ) : (
          <div>
            <div className="flex items-center justify-between gap-3">
              <Button variant="ghost" size="lg" onClick={onSkip} disabled={finding}>
                <SkipForwardIcon />
                Skip
              </Button>
              <ShareMenu storyId={story.id} content={story.content} />
            </div>
            {slowDown}
          </div>
        )}
        {/* Visitors and banned members report nothing; nobody reports their own story. */}
        {signInFirst || banned || story.isOwn ? (
          <ShortcutHint />
        ) : (
          <div className="flex items-center justify-between gap-3">
            <ShortcutHint />
            <ReportButton targetType="story" targetId={story.id} className="ms-auto" />
          </div>
        )}
      </article>
      {visitorIntent && signInFirst
        ? signInFirst({
            ...signInText(visitorIntent),
            onClose: () => setVisitorIntent(null),
            onSignedIn: () => {
              setVisitorIntent(null);
              if ('vote' in visitorIntent) cast(visitorIntent.vote);
              // Signed in, the story is read again as theirs: save or follow it, or give the
              // reaction, only if not so already (each write is "make it so", a repeat changes
              // nothing).
              else if ('save' in visitorIntent) save.mutate(true);
              else if ('follow' in visitorIntent) follow.mutate(true);
              else react.mutate({ type: visitorIntent.reaction, given: true });
            },
          })
        : null}
    </>
  );
}
