/**
 * PATCH /api/admin/stories/{id} {status, reason?} and DELETE /api/admin/stories/{id} {reason?}:
 * the story leaves the list it was acted on from, and the summary card follows.
 */
import type { AdminSummary } from '@whosright/contracts/account/dto';
import type { StoryCard } from '@whosright/contracts/story/dto';

import { apiRequest } from '#web/lib/api-client.ts';
import { adminKeys } from '#web/features/admin/api/admin-keys.ts';
import { adjustSummary } from '#web/features/admin/api/adjust-summary.ts';
import { removeFromLists } from '#web/lib/paged-cache.ts';
import { useAdminAction } from '#web/features/admin/api/use-admin-action.ts';

/** The admin list a story action starts from: its story leaves it, and its card counts one less. */
export type StoryList = 'pending' | 'poor';

const LIST: Record<StoryList, { key: readonly string[]; card: keyof AdminSummary }> = {
  pending: { key: adminKeys.pending(), card: 'pendingStories' },
  poor: { key: adminKeys.poor(), card: 'poorStories' },
};

export type StoryDecision = 'approved' | 'rejected' | 'hidden';

interface StoryAction {
  id: string;
  reason?: string | undefined;
}

const path = (id: string) => `/api/admin/stories/${encodeURIComponent(id)}`;
const reasonBody = (reason: string | undefined) => (reason ? { reason } : undefined);

export function useSetStoryStatus(from: StoryList) {
  return useAdminAction<StoryAction & { status: StoryDecision }, StoryCard>({
    run: ({ id, status, reason }) =>
      apiRequest<StoryCard>('PATCH', path(id), { body: { status, ...reasonBody(reason) } }),
    apply: (queryClient, { id }) => {
      removeFromLists(queryClient, LIST[from].key, id);
      adjustSummary(queryClient, { [LIST[from].card]: -1 });
    },
    done: ({ status }) => `Story has been ${status}.`,
    failed: () => 'Failed to update story status.',
  });
}

export function useDeleteStory(from: StoryList) {
  return useAdminAction<StoryAction, void>({
    run: ({ id, reason }) => apiRequest<void>('DELETE', path(id), { body: reasonBody(reason) }),
    apply: (queryClient, { id }) => {
      removeFromLists(queryClient, adminKeys.pending(), id);
      removeFromLists(queryClient, adminKeys.poor(), id);
      adjustSummary(queryClient, { [LIST[from].card]: -1 });
    },
    done: () => 'Story has been permanently deleted.',
    failed: () => 'Failed to delete story.',
  });
}
