import { cn } from '#web/lib/utils.ts';

/**
 * The split face: He's half in the He colour, She's half in the She colour. Decorative; sized by
 * the caller (`size-*`).
 */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 32 32"
      aria-hidden="true"
      focusable="false"
      className={cn('shrink-0', className)}
    >
      <path d="M16 2a14 14 0 0 0 0 28z" className="fill-he" />
      <path d="M16 2a14 14 0 0 1 0 28z" className="fill-she" />
      <path
        d="M11 12.5h-.01M21 12.5h-.01"
        className="stroke-background"
        strokeWidth="2.6"
        strokeLinecap="round"
      />
      <path
        d="M10.5 19.5c3.5 2.6 7.5 2.6 11 0"
        fill="none"
        className="stroke-background"
        strokeWidth="2.2"
        strokeLinecap="round"
      />
    </svg>
  );
}
