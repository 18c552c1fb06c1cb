import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReportedTarget } from '@whosright/contracts/report/dto';

import { ADMIN, MEMBER, page, renderAdminScreen } from '#web/testing/admin-screen.tsx';

const commentId = 'comment_01ARZ3NDEKTSV4RRFFQ69G5FAV';
const storyId = 'story_01ARZ3NDEKTSV4RRFFQ69G5FAV';
const sam = { id: MEMBER.id, displayName: 'sam' };

const reported = (overrides: Partial<ReportedTarget> = {}): ReportedTarget => ({
  id: `comment:${commentId}:0`,
  targetType: 'comment',
  targetId: commentId,
  storyId,
  text: 'Buy cheap watches at example.com',
  author: sam,
  count: 3,
  reasons: [
    { reason: 'spam', count: 2 },
    { reason: 'harassment', count: 1 },
  ],
  reports: [
    {
      reporter: { id: 'user_01ARZ3NDEKTSV4RRFFQ69G5FA2', displayName: 'ann' },
      reason: 'harassment',
      note: 'Rude to the author.',
      at: '2026-01-03T00:00:00.000Z',
    },
    { reporter: null, reason: 'spam', note: null, at: '2026-01-02T12:00:00.000Z' },
    {
      reporter: { id: 'user_01ARZ3NDEKTSV4RRFFQ69G5FA3', displayName: 'ben' },
      reason: 'spam',
      note: null,
      at: '2026-01-02T00:00:00.000Z',
    },
  ],
  lastReportedAt: '2026-01-03T00:00:00.000Z',
  closed: null,
  ...overrides,
});

const summary = {
  pendingStories: 0,
  totalUsers: 2,
  flaggedComments: 0,
  poorStories: 0,
  openReports: 1,
};

async function openReports(routes: Parameters<typeof renderAdminScreen>[0]) {
  const screenParts = renderAdminScreen({ 'GET /api/admin/summary': { body: summary }, ...routes });
  await screenParts.actor.click(await screen.findByRole('tab', { name: 'Reports' }));
  return screenParts;
}

describe('reports tab', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('when a comment is reported it shows the count, the reasons, each report and the text', async () => {
    await openReports({ 'GET /api/admin/reports': page([reported()]) });
    const card = await screen.findByRole('article', { name: 'Comment reported 3 times' });
    expect(within(card).getByText('Buy cheap watches at example.com')).toBeInTheDocument();
    expect(within(card).getByText('By sam')).toBeInTheDocument();
    const reasons = within(card).getByRole('list', { name: 'Reasons' });
    expect(
      within(reasons)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Spam × 2', 'Harassment']);
    const reports = within(card).getByRole('list', { name: 'Reports' });
    expect(within(reports).getByText('Rude to the author.')).toBeInTheDocument();
    expect(within(reports).getByText('A deleted member')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Open its story' })).toHaveAttribute(
      'href',
      `/story/${storyId}`,
    );
    expect(within(card).getByRole('button', { name: 'Delete comment' })).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Hide story' })).toBeNull();
  });

  it('when an admin dismisses them it asks first, sends the reason, and the card leaves the list', async () => {
    const { api, actor } = await openReports({
      'GET /api/admin/reports': page([reported()]),
      [`PATCH /api/admin/reports/comment/${commentId}`]: { status: 204 },
    });
    const card = await screen.findByRole('article', { name: 'Comment reported 3 times' });
    await actor.click(within(card).getByRole('button', { name: 'Dismiss' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dismiss these reports?' });
    expect(api.calls.some((c) => c.method === 'PATCH')).toBe(false);
    await actor.type(within(dialog).getByLabelText('Reason (optional)'), 'Heated, not abusive');
    await actor.click(within(dialog).getByRole('button', { name: 'Dismiss reports' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === 'PATCH')?.body).toBe(
        JSON.stringify({ action: 'dismiss', reason: 'Heated, not abusive' }),
      ),
    );
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Comment reported 3 times' })).toBeNull(),
    );
  });

  it('when Closed is chosen it lists what was done, by whom and why', async () => {
    const { actor } = await openReports({
      'GET /api/admin/reports': page([
        reported({
          id: `story:${storyId}:0`,
          targetType: 'story',
          targetId: storyId,
          text: null,
          count: 1,
          reasons: [{ reason: 'personal_info', count: 1 }],
          reports: [
            { reporter: null, reason: 'personal_info', note: null, at: '2026-01-03T00:00:00.000Z' },
          ],
          closed: {
            action: 'hide',
            reason: 'Names a neighbour',
            by: { id: ADMIN.id, displayName: 'ada' },
            at: '2026-01-04T00:00:00.000Z',
          },
        }),
      ]),
    });
    await actor.click(await screen.findByRole('button', { name: 'Closed' }));
    const card = await screen.findByRole('article', { name: 'Story reported 1 time' });
    expect(within(card).getByText('Story hidden')).toBeInTheDocument();
    expect(within(card).getByText(/by ada .*: Names a neighbour/)).toBeInTheDocument();
    expect(within(card).getByText('This story is gone.')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Dismiss' })).toBeNull();
  });
});
