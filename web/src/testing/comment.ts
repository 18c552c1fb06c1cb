import type { Comment } from '@whosright/contracts/comment/dto';

/** Comment `n` of a story as the list answers it: by Pat Quinn, two hours old, `n` upvotes. */
export function commentFixture(n: number, overrides: Partial<Comment> = {}): Comment {
  return {
    id: `comment_${n}`,
    content: `Comment ${n}`,
    createdAt: new Date(Date.now() - 2 * 3600_000).toISOString(),
    upvotes: n,
    downvotes: 0,
    author: {
      id: `user_${n}`,
      username: null,
      firstName: 'Pat',
      lastName: 'Quinn',
      profileImageUrl: null,
    },
    isOwn: false,
    myVote: null,
    side: null,
    parentId: null,
    replyCount: 0,
    ...overrides,
  };
}
