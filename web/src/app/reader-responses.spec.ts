/**
 * The screens a reader opens first check their responses without the zod schemas' chunk: the
 * chunk is made to fail here, and every first-load call still answers.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';

import { getCurrentUser } from '#web/features/auth/api/get-current-user.ts';
import { getComments } from '#web/features/comments/api/get-comments.ts';
import { getRuntimeConfig } from '#web/features/config/api/get-runtime-config.ts';
import { getStory } from '#web/features/stories/api/get-story.ts';
import { getStoryFeed } from '#web/features/stories/api/get-story-feed.ts';
import { stubFetch } from '#web/testing/test-utils.tsx';
import { currentUserFixture } from '#web/testing/current-user.ts';

vi.mock('#web/lib/response-schemas.ts', () => {
  throw new Error('the response schemas were loaded');
});

const id = 'story_01ARZ3NDEKTSV4RRFFQ69G5FAV';
const card = {
  id,
  content: 'He says the dishes can wait.',
  category: 'household',
  status: 'approved',
  createdAt: '2026-01-01T00:00:00.000Z',
  heVotes: 1,
  sheVotes: 2,
  commentCount: 0,
  reactions: { relatable: 0, lol: 0, wtf: 0 },
};
const user = currentUserFixture({ username: null, lastName: null });

describe('reader responses', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('when a reader opens the feed or a story the responses are checked without the schemas chunk', async () => {
    vi.stubGlobal(
      'fetch',
      stubFetch({
        'GET /api/auth/user': { body: user },
        'GET /api/config': {
          body: {
            productName: "Who's Right",
            publicUrl: 'http://localhost',
            analyticsId: null,
            adsClient: null,
            externalSignIn: { enabled: false, label: '' },
          },
        },
        'GET /api/stories': {
          body: { items: [{ ...card, verdict: { leader: 'she', percent: 67 } }], nextCursor: null },
        },
        [`GET /api/stories/${id}`]: {
          body: {
            ...card,
            myVote: 'she',
            myReactions: ['wtf'],
            saved: true,
            following: true,
            isOwn: false,
          },
        },
        [`GET /api/stories/${id}/comments`]: { body: [] },
      }).fetch,
    );
    await expect(getCurrentUser()).resolves.toMatchObject({ id: 'user_1' });
    await expect(getRuntimeConfig()).resolves.toMatchObject({ productName: "Who's Right" });
    await expect(
      getStoryFeed({ category: null, sort: 'newest', cursor: null }),
    ).resolves.toMatchObject({ items: [{ ...card, verdict: { leader: 'she', percent: 67 } }] });
    await expect(getStory(id)).resolves.toMatchObject({
      myVote: 'she',
      myReactions: ['wtf'],
      saved: true,
      following: true,
    });
    await expect(getComments(id)).resolves.toEqual([]);
  });

  it('when a story answer lacks a field the reader gets an error, not a broken screen', async () => {
    vi.stubGlobal(
      'fetch',
      stubFetch({ [`GET /api/stories/${id}`]: { body: { ...card, heVotes: undefined } } }).fetch,
    );
    await expect(getStory(id)).rejects.toThrow('Unexpected response: body.heVotes');
  });
});
