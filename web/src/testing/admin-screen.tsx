import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import type { StoryHistory } from '@whosright/contracts/moderation/dto';
import type { AdminStory } from '@whosright/contracts/story/dto';

import { AdminScreen } from '#web/features/admin/components/admin-screen.tsx';
import { currentUserFixture } from '#web/testing/current-user.ts';
import { renderWithApp, stubFetch } from '#web/testing/test-utils.tsx';

/** The signed-in admin, Ada, and a member, Sam, as the Users tab lists them. */
export const ADMIN = currentUserFixture({
  id: 'user_01ARZ3NDEKTSV4RRFFQ69G5FAA',
  username: 'ada',
  firstName: 'Ada',
  lastName: 'Admin',
  email: 'ada@example.com',
  role: 'admin',
});
export const MEMBER = {
  ...ADMIN,
  id: 'user_01ARZ3NDEKTSV4RRFFQ69G5FAB',
  username: 'sam',
  role: 'user',
};

/** A story waiting in the pending queue, first submitted, with `overrides`. */
export function queuedStory(overrides: Partial<AdminStory> = {}): AdminStory {
  return {
    id: 'story_01ARZ3NDEKTSV4RRFFQ69G5FAV',
    content: 'He always takes the last slice of pizza. Who is right?',
    category: 'household',
    status: 'pending',
    createdAt: '2026-01-02T00:00:00.000Z',
    heVotes: 0,
    sheVotes: 0,
    commentCount: 0,
    reactions: { relatable: 0, lol: 0, wtf: 0 },
    author: { id: MEMBER.id, displayName: 'sam' },
    skipRate: '0.8125',
    viewCount: 16,
    skipCount: 13,
    revision: 1,
    resubmittedAt: null,
    ...overrides,
  };
}

/** Sam's story submitted on 2 January, rejected by Ada on the 3rd, then `later` steps. */
export function storyHistory(
  story: StoryHistory['story'],
  {
    submitted,
    reason,
    later = [],
  }: {
    submitted: string;
    reason: string;
    later?: StoryHistory['steps'];
  },
  tallies: StoryHistory['tallies'] = null,
): StoryHistory {
  return {
    story,
    steps: [
      {
        type: 'submitted',
        at: '2026-01-02T00:00:00.000Z',
        by: { id: MEMBER.id, displayName: 'sam' },
        content: submitted,
        category: story.category,
      },
      {
        type: 'status',
        at: '2026-01-03T00:00:00.000Z',
        by: { id: ADMIN.id, displayName: 'ada' },
        from: 'pending',
        to: 'rejected',
        reason,
      },
      ...later,
    ],
    tallies,
  };
}

export const page = (items: unknown[]) => ({ body: { items, nextCursor: null } });

/** The admin screen for Ada, its calls answered by `routes` over an empty panel. */
/** The admin panel at `path` (`/admin?tab=log` opens on a tab) over `routes` besides the defaults. */
export function renderAdminScreen(routes: Parameters<typeof stubFetch>[0] = {}, path = '/admin') {
  const api = stubFetch({
    'GET /api/admin/summary': {
      body: {
        pendingStories: 0,
        totalUsers: 2,
        flaggedComments: 0,
        poorStories: 0,
        openReports: 0,
      },
    },
    'GET /api/admin/stories': page([]),
    'GET /api/admin/users': page([ADMIN, MEMBER]),
    'GET /api/admin/flagged-comments': page([]),
    'GET /api/admin/skipped-stories': page([]),
    'GET /api/admin/moderation-log': page([]),
    'GET /api/admin/reports': page([]),
    ...routes,
  });
  vi.stubGlobal('fetch', api.fetch);
  const { router } = renderWithApp(<AdminScreen currentUserId={ADMIN.id} />, { path });
  return { api, actor: userEvent.setup(), router };
}
