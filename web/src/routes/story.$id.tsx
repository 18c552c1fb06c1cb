import { createFileRoute } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';

import { useCurrentUser } from '#web/features/auth/api/get-current-user.ts';
import { CommentsSection } from '#web/features/comments/components/comments-section.tsx';
import { storyQueryOptions } from '#web/features/stories/api/get-story.ts';
import { storyKeys } from '#web/features/stories/api/story-keys.ts';
import { StoryScreen } from '#web/features/stories/components/story-screen.tsx';

export const Route = createFileRoute('/story/$id')({
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(storyQueryOptions(params.id));
  },
  head: () => ({ meta: [{ title: "Who's Right? Read the story and vote" }] }),
  component: StoryRoute,
});

function StoryRoute() {
  const { id } = Route.useParams();
  const { isSignedIn, isPending } = useCurrentUser();
  const queryClient = useQueryClient();
  return (
    <StoryScreen
      key={id}
      id={id}
      commentsBeforeVote={!isPending && !isSignedIn}
      comments={
        <CommentsSection
          storyId={id}
          signedIn={isSignedIn}
          onChanged={() => void queryClient.invalidateQueries({ queryKey: storyKeys.detail(id) })}
        />
      }
    />
  );
}
