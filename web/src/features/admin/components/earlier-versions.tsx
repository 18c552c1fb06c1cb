import type { CommentVersion } from '@whosright/contracts/comment/dto';

import { TimeAgo } from '#web/components/time-ago.tsx';

/**
 * The texts a comment had before its author's edits, oldest first, folded away under the text
 * the moderator acts on: what it said when it was flagged or reported may be among them.
 */
export function EarlierVersions({ versions }: { versions: readonly CommentVersion[] | undefined }) {
  if (!versions || versions.length === 0) return null;
  return (
    <details className="text-sm">
      <summary className="cursor-pointer text-muted-foreground">
        Edited: {versions.length} earlier {versions.length === 1 ? 'version' : 'versions'}
      </summary>
      <ol className="mt-1 grid gap-2 border-l-2 border-border pl-3">
        {versions.map((version) => (
          <li key={version.until} className="grid gap-0.5">
            <span className="text-xs text-muted-foreground">
              Replaced <TimeAgo at={version.until} />
            </span>
            <span className="break-words whitespace-pre-line">{version.content}</span>
          </li>
        ))}
      </ol>
    </details>
  );
}
