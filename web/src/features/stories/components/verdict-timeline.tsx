/**
 * After voting: how the He / She split moved over time, as a small inline SVG (He's share of
 * the votes so far, the 50% line and the moments the lead changed hands) beside a one-sentence
 * summary that says the same in words. The chart is decoration for screen readers; the figure is
 * named by its caption. Its height is fixed, loading or not, so nothing below it moves.
 */
import { useId, type ReactNode } from 'react';
import type { StoryTimeline } from '@whosright/contracts/story/dto';

import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { useStoryTimeline } from '#web/features/stories/api/get-story-timeline.ts';
import { timelineLabel, timelineSummary } from '#web/features/stories/lib/timeline-summary.ts';

const TITLE = 'How the verdict moved';
/** The SVG's own units; it stretches to the frame (lines keep their width). */
const WIDTH = 300;
const HEIGHT = 100;
// Dark backgrounds swallow the light tints: stronger there.
const HE_FILL = 'fill-he/40 dark:fill-he/55';
const SHE_FILL = 'fill-she/25 dark:fill-she/40';

/** The fixed frame every state draws in: title and summary, chart, axis. */
function Frame({
  caption,
  chart,
  axis,
}: {
  caption: ReactNode;
  chart: ReactNode;
  axis: ReactNode;
}) {
  const captionId = useId();
  return (
    <figure
      aria-labelledby={captionId}
      className="m-0 grid h-44 grid-rows-[auto_minmax(0,1fr)_auto] gap-2"
    >
      <figcaption id={captionId} className="grid text-sm">
        {/* The space keeps the title and the summary apart in the figure's accessible name. */}
        <span className="font-semibold">{TITLE}</span> {caption}
      </figcaption>
      <div className="overflow-hidden rounded-lg border bg-muted/40">{chart}</div>
      <div className="flex items-center justify-between gap-2 text-xs text-muted-foreground">
        {axis}
      </div>
    </figure>
  );
}

function Legend() {
  return (
    <span className="flex gap-3">
      <span className="flex items-center gap-1">
        <span className="size-2.5 rounded-sm bg-he/40 dark:bg-he/55" />
        He
      </span>
      <span className="flex items-center gap-1">
        <span className="size-2.5 rounded-sm bg-she/25 dark:bg-she/40" />
        She
      </span>
    </span>
  );
}

const heShare = ({ he, she }: { he: number; she: number }) =>
  he + she === 0 ? 0.5 : he / (he + she);

/** He's share of the votes so far at each point, left (first) to right (last) in time. */
function Chart({ points, flips }: Pick<StoryTimeline, 'points' | 'flips'>) {
  const start = points[0] ? Date.parse(points[0].at) : 0;
  const end = points[points.length - 1];
  const span = (end ? Date.parse(end.at) - start : 0) || 1;
  const x = (at: string) => ((Date.parse(at) - start) / span) * WIDTH;
  const vertices = points.map((point) => `${x(point.at)},${(1 - heShare(point)) * HEIGHT}`);
  const stroke = { vectorEffect: 'non-scaling-stroke', fill: 'none' } as const;
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      preserveAspectRatio="none"
      aria-hidden="true"
      focusable="false"
      className="block size-full"
    >
      {points.length >= 2 ? (
        <>
          <rect width={WIDTH} height={HEIGHT} className={SHE_FILL} />
          {/* He's share from the bottom up, She's the rest above it. */}
          <path
            d={`M0,${HEIGHT} L${vertices.join(' L')} L${WIDTH},${HEIGHT} Z`}
            className={HE_FILL}
          />
          {flips.map((flip) => (
            <line
              key={flip.at}
              x1={x(flip.at)}
              x2={x(flip.at)}
              y1={0}
              y2={HEIGHT}
              strokeDasharray="3 3"
              className={flip.leader === 'he' ? 'stroke-he' : 'stroke-she'}
              {...stroke}
            />
          ))}
          <path
            d={`M${vertices.join(' L')}`}
            strokeWidth={2}
            strokeLinejoin="round"
            className="stroke-foreground"
            {...stroke}
          />
        </>
      ) : null}
      <line
        x1={0}
        x2={WIDTH}
        y1={HEIGHT / 2}
        y2={HEIGHT / 2}
        strokeDasharray="4 4"
        className="stroke-muted-foreground"
        {...stroke}
      />
    </svg>
  );
}

function TimelineSkeleton() {
  return (
    <div role="status" aria-label="Loading the verdict timeline">
      <Frame
        caption={<Skeleton className="mt-1 h-4 w-48" />}
        chart={<Skeleton rounded="lg" className="size-full" />}
        axis={<Skeleton className="h-3 w-full" />}
      />
    </div>
  );
}

export function VerdictTimeline({ storyId }: { storyId: string }) {
  const timeline = useStoryTimeline(storyId);
  if (timeline.isPending) return <TimelineSkeleton />;
  if (timeline.isError)
    return (
      <Frame
        caption={<span className="text-muted-foreground">The timeline could not be loaded.</span>}
        chart={<Chart points={[]} flips={[]} />}
        axis={<Legend />}
      />
    );
  const { granularity, points, flips } = timeline.data;
  const first = points[0];
  const last = points[points.length - 1];
  return (
    <Frame
      caption={<span className="text-muted-foreground">{timelineSummary(timeline.data)}</span>}
      chart={<Chart points={points} flips={flips} />}
      axis={
        first && last && points.length >= 2 ? (
          <>
            <span className="capitalize">{timelineLabel(granularity, first.at, first.at)}</span>
            <Legend />
            <span className="capitalize">{timelineLabel(granularity, first.at, last.at)}</span>
          </>
        ) : (
          <Legend />
        )
      }
    />
  );
}
