import { useId, useState, type ReactNode } from 'react';

import { Button } from '#web/components/ui/button.tsx';

/**
 * A chart with its title, its text alternative (shown under it, and its description for screen
 * readers) and a table view of the same figures, one button away.
 */
export function ChartFigure({
  title,
  summary,
  chart,
  columns,
  rows,
}: {
  title: string;
  summary: string;
  chart: ReactNode;
  columns: readonly string[];
  rows: ReadonlyArray<readonly [string, ...Array<string | number>]>;
}) {
  const [asTable, setAsTable] = useState(false);
  const titleId = useId();
  const summaryId = useId();
  return (
    <figure aria-labelledby={titleId} className="grid min-w-0 gap-3 rounded-xl border bg-card p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <figcaption id={titleId} className="font-semibold">
          {title}
        </figcaption>
        <Button
          variant="outline"
          size="sm"
          aria-pressed={asTable}
          onClick={() => setAsTable(!asTable)}
        >
          {asTable ? 'Show chart' : 'Show table'}
        </Button>
      </div>
      {asTable ? (
        <div
          tabIndex={0}
          role="region"
          aria-label={`${title}, table`}
          className="max-h-72 overflow-auto rounded-md border outline-none focus-visible:ring-[3px] focus-visible:ring-ring"
        >
          <table className="w-full text-sm">
            <thead className="sticky top-0 bg-muted">
              <tr>
                {columns.map((column) => (
                  <th key={column} scope="col" className="px-3 py-1.5 text-left font-semibold">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map(([head, ...cells]) => (
                <tr key={head} className="border-t">
                  <th scope="row" className="px-3 py-1 text-left font-normal">
                    {head}
                  </th>
                  {cells.map((cell, i) => (
                    <td key={i} className="px-3 py-1 tabular-nums">
                      {cell}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <div role="img" aria-labelledby={titleId} aria-describedby={summaryId} className="min-w-0">
          {chart}
        </div>
      )}
      <p id={summaryId} className="text-sm text-muted-foreground">
        {summary}
      </p>
    </figure>
  );
}
