import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import {
  MEMBER,
  page,
  queuedStory,
  renderAdminScreen,
  storyHistory,
} from '#web/testing/admin-screen.tsx';

const storyId = 'story_01ARZ3NDEKTSV4RRFFQ69G5FAV';
const first = 'He never does the dishes.';
const second = 'He never does the dishes; he says I never ask.';
const queued = (revision: number, id = storyId) =>
  queuedStory({
    id,
    content: revision > 1 ? second : first,
    skipRate: '0.0000',
    viewCount: 0,
    skipCount: 0,
    revision,
    resubmittedAt: revision > 1 ? '2026-01-04T00:00:00.000Z' : null,
  });
const history = storyHistory(
  { id: storyId, category: 'household', content: second, status: 'pending' },
  {
    submitted: first,
    reason: 'Please add his side.',
    later: [
      {
        type: 'resubmitted',
        at: '2026-01-04T00:00:00.000Z',
        by: { id: MEMBER.id, displayName: 'sam' },
        revision: 2,
        content: second,
        category: 'household',
      },
    ],
  },
  { heVotes: 0, sheVotes: 0, commentCount: 0, viewCount: 0, skipCount: 0 },
);

const render = () =>
  renderAdminScreen({
    'GET /api/admin/summary': {
      body: {
        pendingStories: 2,
        totalUsers: 2,
        flaggedComments: 0,
        poorStories: 0,
        openReports: 0,
      },
    },
    'GET /api/admin/stories': page([queued(2), queued(1, 'story_01ARZ3NDEKTSV4RRFFQ69G5FAW')]),
    [`GET /api/admin/stories/${storyId}/history`]: { body: history },
  });

describe('a resubmitted story in the pending queue', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('when the queue shows it, it is marked Resubmitted with its previous version one click away', async () => {
    render();
    const list = await screen.findByRole('list', { name: 'Pending stories' });
    const [again, fresh] = await within(list).findAllByRole('article');
    expect(within(again!).getByText('Resubmitted')).toBeInTheDocument();
    expect(within(again!).getByRole('button', { name: 'Previous version' })).toBeInTheDocument();
    expect(within(fresh!).queryByText('Resubmitted')).not.toBeInTheDocument();
    expect(within(fresh!).queryByRole('button', { name: 'Previous version' })).toBeNull();
  });

  it('when Previous version is clicked the history shows each version of the text', async () => {
    const { actor } = render();
    await actor.click(await screen.findByRole('button', { name: 'Previous version' }));
    const sheet = await screen.findByRole('dialog', { name: 'Story history' });
    expect(await within(sheet).findByText('Submitted by sam')).toBeInTheDocument();
    expect(within(sheet).getByText('Resubmitted by sam (revision 2)')).toBeInTheDocument();
    expect(within(sheet).getByText('Please add his side.')).toBeInTheDocument();
    expect(within(sheet).getByText(first)).toBeInTheDocument();
    // The latest text heads the sheet and is its revision's text too.
    expect(within(sheet).getAllByText(second)).toHaveLength(2);
  });
});
