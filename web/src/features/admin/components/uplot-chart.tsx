/**
 * One uPlot chart sized to its container and drawn in the app's colours, drawn again when the
 * container's width or the colour scheme changes. uPlot (a small canvas library) loads with the
 * Insights tab only; the chart's figure gives it its text alternative and table view.
 */
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

/** The app's colours as the canvas needs them (CSS variables resolved). */
export interface ChartColours {
  foreground: string;
  muted: string;
  grid: string;
  he: string;
  she: string;
  brand: string;
  warning: string;
}

function colours(): ChartColours {
  const css = getComputedStyle(document.documentElement);
  const read = (name: string) => css.getPropertyValue(name).trim() || 'currentColor';
  return {
    foreground: read('--foreground'),
    muted: read('--muted-foreground'),
    grid: read('--border'),
    he: read('--he'),
    she: read('--she'),
    brand: read('--brand'),
    warning: read('--warning'),
  };
}

const HEIGHT = 220;

export function UPlotChart({
  options,
  data,
}: {
  options: (colours: ChartColours) => Omit<uPlot.Options, 'width' | 'height'>;
  data: uPlot.AlignedData;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    let chart: uPlot | undefined;
    const draw = () => {
      chart?.destroy();
      const width = Math.max(240, element.clientWidth);
      chart = new uPlot({ ...options(colours()), width, height: HEIGHT }, data, element);
    };
    draw();
    const resized = new ResizeObserver(() => {
      if (chart && Math.abs(chart.width - element.clientWidth) > 1)
        chart.setSize({ width: Math.max(240, element.clientWidth), height: HEIGHT });
    });
    resized.observe(element);
    const scheme = window.matchMedia('(prefers-color-scheme: dark)');
    scheme.addEventListener('change', draw);
    return () => {
      resized.disconnect();
      scheme.removeEventListener('change', draw);
      chart?.destroy();
    };
  }, [options, data]);
  return <div ref={box} className="min-h-[220px] w-full min-w-0" />;
}
