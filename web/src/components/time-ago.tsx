import { timeAgo } from '#web/lib/relative-time.ts';

/** An age like '5 minutes ago', with the exact moment on hover and for machines. */
export function TimeAgo({ at }: { at: string }) {
  return (
    <time dateTime={at} title={new Date(at).toLocaleString()} className="whitespace-nowrap">
      {timeAgo(at)}
    </time>
  );
}
