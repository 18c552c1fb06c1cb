import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { VerdictTimeline } from '#web/features/stories/components/verdict-timeline.tsx';
import { renderWithApp, stubFetch } from '#web/testing/test-utils.tsx';

const id = 'story_01ARZ3NDEKTSV4RRFFQ69G5FAV';
const path = `/api/stories/${id}/timeline`;
const day = (n: number) => `2026-03-0${n}T00:00:00.000Z`;

function renderTimeline(answer: { status?: number; body?: unknown }) {
  const fetch = stubFetch({ [`GET ${path}`]: answer });
  vi.stubGlobal('fetch', fetch.fetch);
  return { ...renderWithApp(<VerdictTimeline storyId={id} />), fetch };
}

/** The figure once loaded: named by its title and the summary. */
const figure = (summary: string) =>
  screen.findByRole('figure', { name: `How the verdict moved ${summary}` });

describe('verdict timeline', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('while it loads it shows a skeleton of the same height, then the summary beside the chart', async () => {
    const { container } = renderTimeline({
      body: {
        granularity: 'day',
        points: [
          { at: day(1), he: 0, she: 2 },
          { at: day(2), he: 3, she: 2 },
          { at: day(3), he: 4, she: 3 },
        ],
        flips: [{ at: day(2), leader: 'he' }],
      },
    });
    expect(
      await screen.findByRole('status', { name: 'Loading the verdict timeline' }),
    ).toBeInTheDocument();
    expect(container.querySelector('figure')).toHaveClass('h-44');

    const shown = await figure('She led until day 2, then He');
    expect(shown).toHaveClass('h-44');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    // The chart is drawn for the eyes; the summary says it in words.
    const svg = shown.querySelector('svg');
    expect(svg).toHaveAttribute('aria-hidden', 'true');
    expect(svg?.querySelectorAll('line[stroke-dasharray="3 3"]')).toHaveLength(1);
    expect(shown).toHaveTextContent('day 1');
    expect(shown).toHaveTextContent('day 3');
  });

  it('when the story has fewer than 2 points it says it is too early to tell and draws no line', async () => {
    renderTimeline({ body: { granularity: 'hour', points: [], flips: [] } });
    const shown = await figure('Too early to tell');
    expect(shown.querySelectorAll('path')).toHaveLength(0);
  });

  it('when one side has always led it says so', async () => {
    renderTimeline({
      body: {
        granularity: 'hour',
        points: [
          { at: '2026-03-02T09:00:00.000Z', he: 1, she: 0 },
          { at: '2026-03-02T11:00:00.000Z', he: 2, she: 1 },
        ],
        flips: [],
      },
    });
    expect(await figure('He has led since the first vote')).toBeInTheDocument();
  });

  it('when the timeline cannot be loaded it says so in the same frame', async () => {
    renderTimeline({ status: 404, body: { message: 'Story not found', code: 'not_found' } });
    expect(await figure('The timeline could not be loaded.')).toHaveClass('h-44');
  });
});
