import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { page, queuedStory, renderAdminScreen } from '#web/testing/admin-screen.tsx';

const queued = (id: string, automodMatch?: string) =>
  queuedStory({
    id,
    content: 'He sells cheap watches from the garage.',
    skipRate: '0.0000',
    viewCount: 0,
    skipCount: 0,
    author: null,
    revision: 1,
    resubmittedAt: null,
    ...(automodMatch ? { automodMatch } : {}),
  });

describe('a story an automod rule matched, in the pending queue', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('is marked with the rule that matched it; other stories are not', async () => {
    renderAdminScreen({
      'GET /api/admin/stories': page([
        queued('story_01ARZ3NDEKTSV4RRFFQ69G5FAV', 'Shop links'),
        queued('story_01ARZ3NDEKTSV4RRFFQ69G5FAW'),
      ]),
    });
    const list = await screen.findByRole('list', { name: 'Pending stories' });
    const [marked, clean] = await within(list).findAllByRole('article');
    expect(within(marked!).getByText('matched: Shop links')).toBeInTheDocument();
    expect(within(clean!).queryByText(/matched:/)).not.toBeInTheDocument();
  });
});
