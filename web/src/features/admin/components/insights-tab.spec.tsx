import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Insights } from '@whosright/contracts/insights/dto';

import { InsightsTab } from '#web/features/admin/components/insights-tab.tsx';
import { renderWithApp, stubFetch } from '#web/testing/test-utils.tsx';

// jsdom has no canvas: the chart itself stands in as a placeholder; its figure is what is tested.
vi.mock('#web/features/admin/components/uplot-chart.tsx', () => ({
  UPlotChart: () => <div data-testid="chart" />,
}));

const insights = (days: number): Insights => ({
  days: Array.from({ length: days }, (_, i) => ({
    date: new Date(Date.UTC(2026, 11, 7) - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10),
    votes: i === days - 1 ? 9 : 1,
    stories: 0,
    comments: 0,
    signups: i === days - 1 ? 2 : 0,
  })),
  verdicts: { he: 3, she: 2, tied: 0, none: 1 },
  skipRates: {
    minViews: 10,
    buckets: Array.from({ length: 10 }, (_, i) => ({ from: i / 10, to: (i + 1) / 10, stories: i })),
    threshold: 0.9,
    poorPerformers: 3,
  },
});

function renderTab() {
  const fetch = stubFetch({
    'GET /api/admin/insights': () => {
      const days = new URL(fetch.calls.at(-1)!.url, 'http://local').searchParams.get('days');
      return new Response(JSON.stringify(insights(Number(days))), {
        headers: { 'content-type': 'application/json' },
      });
    },
  });
  vi.stubGlobal('fetch', fetch.fetch);
  renderWithApp(<InsightsTab />);
  return fetch;
}

describe('insights tab', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('when the figures arrive each chart has a title and a text alternative', async () => {
    renderTab();
    const votes = await screen.findByRole('figure', { name: 'Votes per day' });
    expect(within(votes).getByRole('img', { name: 'Votes per day' })).toHaveAccessibleDescription(
      'Votes: 38 over the last 30 days, most on 7 Dec (9).',
    );
    expect(
      screen.getByRole('figure', { name: 'New stories, comments and sign-ups per day' }),
    ).toHaveTextContent('Sign-ups: 2 over the last 30 days');
    expect(screen.getByRole('figure', { name: 'Who is right, by story' })).toHaveTextContent(
      "Of 6 approved stories, He's Right leads 3",
    );
    expect(
      screen.getByRole('figure', { name: 'Skip rates of stories with 10 views or more' }),
    ).toHaveTextContent('Poor performers from a skip rate of 90% (3 stories).');
  });

  it('when Show table is pressed the chart gives way to a table of the same figures, and back', async () => {
    const user = userEvent.setup();
    renderTab();
    const verdicts = await screen.findByRole('figure', { name: 'Who is right, by story' });
    await user.click(within(verdicts).getByRole('button', { name: 'Show table' }));
    const table = within(verdicts).getByRole('table');
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['LeadsStories', "He's Right3", "She's Right2", 'Tied0', 'No votes yet1']);
    expect(within(verdicts).getByRole('button', { name: 'Show chart' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await user.click(within(verdicts).getByRole('button', { name: 'Show chart' }));
    expect(within(verdicts).queryByRole('table')).not.toBeInTheDocument();
    expect(within(verdicts).getByTestId('chart')).toBeInTheDocument();
  });

  it('when the last 90 days are chosen it asks for them and charts 90 days', async () => {
    const user = userEvent.setup();
    const fetch = renderTab();
    await screen.findByRole('figure', { name: 'Votes per day' });
    await user.click(screen.getByRole('button', { name: 'Last 90 days' }));
    await waitFor(() =>
      expect(screen.getByRole('figure', { name: 'Votes per day' })).toHaveTextContent(
        'over the last 90 days',
      ),
    );
    expect(fetch.calls.map((call) => call.url)).toContain('/api/admin/insights?days=90');
    expect(screen.getByRole('button', { name: 'Last 90 days' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });
});
