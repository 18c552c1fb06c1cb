import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { ReplayProgressBar } from '#web/features/admin/components/replay-progress-bar.tsx';

describe('ReplayProgressBar', () => {
  it('when a replay runs it shows a labelled bar at its percent, with done / total, rate and time left', () => {
    render(
      <ReplayProgressBar
        moment="Nov 16, 2026, 9:30 AM"
        progress={{ done: 12_345, total: 50_000, eventsPerSecond: 8_000, etaSeconds: 5 }}
      />,
    );
    const bar = screen.getByRole('progressbar', {
      name: 'Building the ranking as of Nov 16, 2026, 9:30 AM',
    });
    expect(bar).toHaveAttribute('aria-valuenow', '24');
    expect(bar).toHaveAttribute('aria-valuemin', '0');
    expect(bar).toHaveAttribute('aria-valuemax', '100');
    expect(
      screen.getByText('12,345 / 50,000 events · 8,000 events/s · about 5 s left'),
    ).toBeInTheDocument();
  });

  it('when the events are not counted yet it says so, at 0%', () => {
    render(
      <ReplayProgressBar
        moment="Nov 16, 2026, 9:30 AM"
        progress={{ done: 0, total: 0, eventsPerSecond: 0, etaSeconds: null }}
      />,
    );
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
    expect(screen.getByText('Counting the events…')).toBeInTheDocument();
  });

  it('when the replay waits its turn it says it is queued, at 0%', () => {
    render(
      <ReplayProgressBar
        moment="Nov 16, 2026, 9:30 AM"
        progress={{ done: 0, total: 50_000, eventsPerSecond: 0, etaSeconds: null }}
        queued
      />,
    );
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
    expect(
      screen.getByText(/^Queued until a replay slot is free · 0 \/ 50,000 events · /),
    ).toBeInTheDocument();
  });
});
