import { lazy, Suspense } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';

import { isBanned } from '#web/lib/ban.ts';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { useCurrentUser } from '#web/features/auth/api/get-current-user.ts';
import { useRuntimeConfig } from '#web/features/config/api/get-runtime-config.ts';
import { storyQueryOptions } from '#web/features/stories/api/get-story.ts';
import { storyKeys } from '#web/features/stories/api/story-keys.ts';
import type { SignInFirstProps } from '#web/features/stories/components/story-card.tsx';
import { StoryScreen } from '#web/features/stories/components/story-screen.tsx';
import { commentKeys } from '#web/features/comments/api/comment-keys.ts';
import { commentOrderOf, type CommentOrder } from '#web/features/comments/lib/comment-order.ts';
import { usePreloadWhenIdle } from '#web/hooks/use-preload-when-idle.ts';
import { afterFirstPaint } from '#web/lib/after-first-paint.ts';

// The story card (vote, results, Next, Share) shows once the story is there, and the comments sit
// below it: their code loads beside the story's data, outside the first load, which stays small;
// on a document's first load, once the story's text has painted.
const loadStoryCard = () => import('#web/features/stories/components/story-card.tsx');
const loadComments = () => import('#web/features/comments/components/comments-section.tsx');
const CommentsSection = lazy(() => loadComments().then((m) => ({ default: m.CommentsSection })));

// A visitor's vote opens sign-in over the story: the form's code is not part of the first load,
// it loads once the page is idle, for visitors only.
const loadSignInSheet = () => import('#web/features/auth/components/sign-in-sheet.tsx');
const SignInSheet = lazy(() => loadSignInSheet().then((m) => ({ default: m.SignInSheet })));

const commentsPlaceholder = (
  <section
    aria-label="Loading comments"
    className="grid gap-4 rounded-2xl border bg-card p-5 shadow-sm sm:p-6"
  >
    <Skeleton className="h-7 w-36" />
    <Skeleton className="h-14" />
  </section>
);

export const Route = createFileRoute('/story/$id')({
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(storyQueryOptions(params.id));
    afterFirstPaint(() => {
      void loadStoryCard();
      void loadComments();
    });
  },
  // The comments' order (`?comments=top|newest`); oldest first, the default, is left out.
  validateSearch: (search): { comments?: Exclude<CommentOrder, 'oldest'> } => {
    const comments = commentOrderOf(search.comments);
    return comments ? { comments } : {};
  },
  head: () => ({ meta: [{ title: "Who's Right? Read the story and vote" }] }),
  component: StoryRoute,
});

function StoryRoute() {
  const { id } = Route.useParams();
  const { comments: order = 'oldest' } = Route.useSearch();
  const { user, isSignedIn, isPending } = useCurrentUser();
  const banned = isBanned(user);
  const { data: config } = useRuntimeConfig();
  const queryClient = useQueryClient();
  const visitor = !isPending && !isSignedIn;
  usePreloadWhenIdle(loadSignInSheet, visitor);
  // A visitor's vote or reaction: sign in or sign up over the story, then it is made in place.
  const signInFirst = ({ title, description, onSignedIn, onClose }: SignInFirstProps) => (
    <Suspense fallback={null}>
      <SignInSheet
        title={title}
        description={description}
        productName={config?.productName ?? "Who's Right"}
        externalSignInLabel={config?.externalSignIn.enabled ? config.externalSignIn.label : null}
        onSignedIn={onSignedIn}
        onClose={onClose}
      />
    </Suspense>
  );
  return (
    <StoryScreen
      key={id}
      id={id}
      commentsBeforeVote={visitor}
      signInFirst={visitor ? signInFirst : undefined}
      banned={banned}
      onCommentsChanged={() =>
        void queryClient.invalidateQueries({ queryKey: commentKeys.list(id) })
      }
      comments={
        <Suspense fallback={commentsPlaceholder}>
          <CommentsSection
            storyId={id}
            order={order}
            signedIn={isSignedIn}
            banned={banned}
            onChanged={() => void queryClient.invalidateQueries({ queryKey: storyKeys.detail(id) })}
          />
        </Suspense>
      }
    />
  );
}
