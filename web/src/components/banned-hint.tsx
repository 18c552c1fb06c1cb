import { BanIcon } from 'lucide-react';

import { BANNED_MESSAGE } from '#web/lib/ban.ts';
import { cn } from '#web/lib/utils.ts';

/** Beside a control a ban disables: why it is disabled. */
export function BannedHint({ className }: { className?: string }) {
  return (
    <p className={cn('flex items-start gap-2 text-sm text-muted-foreground', className)}>
      <BanIcon className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
      <span>{BANNED_MESSAGE}</span>
    </p>
  );
}
