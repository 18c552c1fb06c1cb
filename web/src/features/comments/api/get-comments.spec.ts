import { afterEach, describe, expect, it, vi } from 'vitest';

import { getComments } from '#web/features/comments/api/get-comments.ts';

const comment = (id: string) => ({
  id,
  content: `comment ${id}`,
  createdAt: '2026-01-01T00:00:00.000Z',
  upvotes: 0,
  downvotes: 0,
  author: { id: 'user_1', username: null, firstName: 'Ann', lastName: null, profileImageUrl: null },
  isOwn: false,
  myVote: null,
  side: null,
  parentId: null,
  replyCount: 0,
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('getComments', () => {
  it('when the server links a next page it follows every link and answers all the comments', async () => {
    const pages: Record<string, { body: unknown[]; link?: string }> = {
      '/api/stories/story_1/comments': {
        body: [comment('a'), comment('b')],
        link: '</api/stories/story_1/comments?cursor=c1&limit=2>; rel="next"',
      },
      '/api/stories/story_1/comments?cursor=c1&limit=2': { body: [comment('c')] },
    };
    const fetchMock = vi.fn((url: string) => {
      const page = pages[url]!;
      return Promise.resolve(
        new Response(JSON.stringify(page.body), {
          headers: {
            'content-type': 'application/json',
            ...(page.link ? { link: page.link } : {}),
          },
        }),
      );
    });
    vi.stubGlobal('fetch', fetchMock);
    const comments = await getComments('story_1');
    expect(comments.map((c) => c.id)).toEqual(['a', 'b', 'c']);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
