import type { ExcerptSegment } from '@whosright/contracts/search/dto';

/**
 * A result's excerpt: the server's plain-text pieces, the matched ones in `<mark>`. Text only,
 * never markup from the server, so a story cannot bring its own.
 */
export function ExcerptText({ segments }: { segments: readonly ExcerptSegment[] }) {
  return (
    <>
      {segments.map((segment, i) =>
        segment.match ? (
          <mark
            key={i}
            className="rounded-sm bg-brand/20 px-0.5 font-semibold text-foreground dark:bg-brand/30"
          >
            {segment.text}
          </mark>
        ) : (
          <span key={i}>{segment.text}</span>
        ),
      )}
    </>
  );
}
