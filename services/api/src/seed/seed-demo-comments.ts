import type { CommentService } from '#api/comment/comment-service';
import type { SeedContext } from './seed-demo';

/** Demo comments with their up and down votes, through the comment command handlers. */
export function seedDemoComments(comments: CommentService) {
  return async ({ story, storyId, members, random, at }: SeedContext): Promise<void> => {
    for (const demo of story.comments) {
      const authorId = members[Math.floor(random() * members.length)]!;
      const { commentId } = await comments.post(
        storyId,
        { _id: authorId },
        demo.content,
        at(authorId),
      );
      const voters = members.filter((m) => m !== authorId).sort(() => random() - 0.5);
      const votes = [
        ...Array<'up'>(demo.upvotes).fill('up'),
        ...Array<'down'>(demo.downvotes).fill('down'),
      ].slice(0, voters.length);
      for (const [i, vote] of votes.entries()) {
        const voterId = voters[i]!;
        await comments.vote(commentId, { _id: voterId }, vote, at(voterId));
      }
    }
  };
}
