import { render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { VoteResults } from '#web/features/stories/components/vote-results.tsx';
import { createQueryClient } from '#web/lib/query-client.ts';
import { stubFetch } from '#web/testing/test-utils.tsx';

const id = 'story_01ARZ3NDEKTSV4RRFFQ69G5FAV';

describe('vote results', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("when shown it loads the story's verdict timeline below the split", async () => {
    const fetch = stubFetch({
      [`GET /api/stories/${id}/timeline`]: {
        body: {
          granularity: 'hour',
          points: [
            { at: '2026-03-02T09:00:00.000Z', he: 0, she: 1 },
            { at: '2026-03-02T10:00:00.000Z', he: 3, she: 2 },
          ],
          flips: [{ at: '2026-03-02T10:00:00.000Z', leader: 'he' }],
        },
      },
    });
    vi.stubGlobal('fetch', fetch.fetch);
    render(
      <QueryClientProvider client={createQueryClient()}>
        <VoteResults
          storyId={id}
          heVotes={3}
          sheVotes={2}
          myVote="he"
          actions={<button>Next Story</button>}
        />
      </QueryClientProvider>,
    );
    const results = await screen.findByRole('region', { name: 'Results' });
    expect(results).toHaveTextContent('60%');
    expect(
      await screen.findByRole('figure', {
        name: 'How the verdict moved She led until hour 2, then He',
      }),
    ).toBeInTheDocument();
    expect(fetch.calls.map((c) => c.url)).toEqual([`/api/stories/${id}/timeline`]);
  });
});
