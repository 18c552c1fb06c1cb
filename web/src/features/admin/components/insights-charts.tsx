/**
 * The Insights tab's four charts (loaded with uPlot, on the tab's first opening): activity per
 * day in two charts (votes apart, they outnumber the rest), the verdict split of approved
 * stories, and the skip-rate distribution with the poor-performer threshold drawn on it.
 */
import { useMemo } from 'react';
import type uPlot from 'uplot';
import type { Insights } from '@whosright/contracts/insights/dto';

import { ChartFigure } from '#web/features/admin/components/chart-figure.tsx';
import {
  activitySummary,
  dayLabel,
  percentLabel,
  skipRateSummary,
  verdictSummary,
  type DayCounter,
} from '#web/features/admin/components/insights-summary.ts';
import { UPlotChart, type ChartColours } from '#web/features/admin/components/uplot-chart.tsx';

const LABELS: Record<DayCounter, string> = {
  votes: 'Votes',
  stories: 'New stories',
  comments: 'Comments',
  signups: 'Sign-ups',
};

const FONT = '12px system-ui, sans-serif';

const axis = (c: ChartColours, extra: uPlot.Axis = {}): uPlot.Axis => ({
  stroke: c.muted,
  font: FONT,
  grid: { stroke: c.grid, width: 1 },
  ticks: { stroke: c.grid, width: 1 },
  ...extra,
});

/** Bars at x = 0, 1, ..., each named by `labels`. */
function barOptions(
  labels: readonly string[],
  name: string,
  colour: (c: ChartColours) => string,
  draw?: (u: uPlot, c: ChartColours) => void,
) {
  return (c: ChartColours): Omit<uPlot.Options, 'width' | 'height'> => ({
    legend: { show: false },
    cursor: { show: false },
    scales: {
      x: { time: false, range: [-0.5, labels.length - 0.5] },
      y: { range: (_u, _min, max) => [0, Math.max(1, max)] },
    },
    axes: [
      axis(c, {
        splits: () => labels.map((_, i) => i),
        values: (_u, splits) => splits.map((i) => labels[i] ?? ''),
        grid: { show: false },
      }),
      axis(c),
    ],
    series: [
      {},
      {
        label: name,
        fill: colour(c),
        stroke: colour(c),
        paths: (u, seriesIdx, idx0, idx1) =>
          // Built lazily: uPlot's bar builder exists once the library is loaded.
          (u.constructor as typeof uPlot).paths.bars!({ size: [0.6, 64] })(
            u,
            seriesIdx,
            idx0,
            idx1,
          ),
        points: { show: false },
      },
    ],
    ...(draw ? { hooks: { draw: [(u: uPlot) => draw(u, c)] } } : {}),
  });
}

/** Lines of the given counters over the days, x in seconds (uPlot's time scale). */
function daysOptions(
  counters: readonly DayCounter[],
  colour: Record<DayCounter, (c: ChartColours) => string>,
) {
  return (c: ChartColours): Omit<uPlot.Options, 'width' | 'height'> => ({
    legend: { show: counters.length > 1 },
    scales: { y: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
    axes: [axis(c), axis(c)],
    series: [
      {},
      ...counters.map((counter) => ({
        label: LABELS[counter],
        stroke: colour[counter](c),
        width: 2,
        points: { show: false },
      })),
    ],
  });
}

const COLOUR: Record<DayCounter, (c: ChartColours) => string> = {
  votes: (c) => c.brand,
  stories: (c) => c.he,
  comments: (c) => c.she,
  signups: (c) => c.foreground,
};

/** The threshold: a dashed line where the poor performers start (x in bucket units). */
function thresholdLine(threshold: number | null, buckets: number) {
  return (u: uPlot, c: ChartColours) => {
    if (threshold === null) return;
    const x = u.valToPos(threshold * buckets - 0.5, 'x', true);
    const { ctx } = u;
    ctx.save();
    ctx.strokeStyle = c.warning;
    ctx.lineWidth = 2 * devicePixelRatio;
    ctx.setLineDash([6 * devicePixelRatio, 4 * devicePixelRatio]);
    ctx.beginPath();
    ctx.moveTo(x, u.bbox.top);
    ctx.lineTo(x, u.bbox.top + u.bbox.height);
    ctx.stroke();
    ctx.restore();
  };
}

function ActivityChart({
  days,
  counters,
  title,
}: {
  days: Insights['days'];
  counters: readonly DayCounter[];
  title: string;
}) {
  const data = useMemo<uPlot.AlignedData>(
    () => [
      days.map((day) => Date.parse(`${day.date}T00:00:00Z`) / 1000),
      ...counters.map((counter) => days.map((day) => day[counter])),
    ],
    [days, counters],
  );
  const options = useMemo(() => daysOptions(counters, COLOUR), [counters]);
  return (
    <ChartFigure
      title={title}
      summary={activitySummary(days, counters, LABELS)}
      chart={<UPlotChart options={options} data={data} />}
      columns={['Day', ...counters.map((counter) => LABELS[counter])]}
      rows={days.map(
        (day) => [dayLabel(day.date), ...counters.map((counter) => day[counter])] as const,
      )}
    />
  );
}

const VERDICTS = [
  ['he', "He's Right"],
  ['she', "She's Right"],
  ['tied', 'Tied'],
  ['none', 'No votes yet'],
] as const;

function VerdictChart({ verdicts }: { verdicts: Insights['verdicts'] }) {
  const data = useMemo<uPlot.AlignedData>(
    () => [VERDICTS.map((_, i) => i), VERDICTS.map(([key]) => verdicts[key])],
    [verdicts],
  );
  const options = useMemo(
    () =>
      barOptions(
        VERDICTS.map(([, label]) => label),
        'Stories',
        (c) => c.brand,
      ),
    [],
  );
  return (
    <ChartFigure
      title="Who is right, by story"
      summary={verdictSummary(verdicts)}
      chart={<UPlotChart options={options} data={data} />}
      columns={['Leads', 'Stories']}
      rows={VERDICTS.map(([key, label]) => [label, verdicts[key]] as const)}
    />
  );
}

function SkipRateChart({ skipRates }: { skipRates: Insights['skipRates'] }) {
  const labels = skipRates.buckets.map((b) => `${percentLabel(b.from)}–${percentLabel(b.to)}`);
  const data = useMemo<uPlot.AlignedData>(
    () => [skipRates.buckets.map((_, i) => i), skipRates.buckets.map((b) => b.stories)],
    [skipRates],
  );
  const options = useMemo(
    () =>
      barOptions(
        skipRates.buckets.map((b) => percentLabel(b.from)),
        'Stories',
        (c) => c.she,
        thresholdLine(skipRates.threshold, skipRates.buckets.length),
      ),
    [skipRates],
  );
  return (
    <ChartFigure
      title={`Skip rates of stories with ${skipRates.minViews} views or more`}
      summary={skipRateSummary(skipRates)}
      chart={<UPlotChart options={options} data={data} />}
      columns={['Skip rate', 'Stories']}
      rows={labels.map((label, i) => [label, skipRates.buckets[i]!.stories] as const)}
    />
  );
}

const VOTES: readonly DayCounter[] = ['votes'];
const WRITING: readonly DayCounter[] = ['stories', 'comments', 'signups'];

export function InsightsCharts({ insights }: { insights: Insights }) {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <ActivityChart days={insights.days} counters={VOTES} title="Votes per day" />
      <ActivityChart
        days={insights.days}
        counters={WRITING}
        title="New stories, comments and sign-ups per day"
      />
      <VerdictChart verdicts={insights.verdicts} />
      <SkipRateChart skipRates={insights.skipRates} />
    </div>
  );
}
