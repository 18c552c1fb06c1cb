import type { ComponentProps } from 'react';
import { BellIcon } from 'lucide-react';

import { Button } from '#web/components/ui/button.tsx';

/** The unread count as the badge shows it: past 9 it says "9+". */
const badgeText = (unread: number) => (unread > 9 ? '9+' : String(unread));

/** The header's bell button with its unread badge; the panel it opens is not part of it. */
export function BellButton({ unread, ...props }: { unread: number } & ComponentProps<'button'>) {
  return (
    <Button
      variant="ghost"
      size="icon"
      round
      aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
      className="relative"
      {...props}
    >
      <BellIcon className="size-5" />
      {unread > 0 ? (
        <span
          aria-hidden="true"
          className="absolute -top-0.5 -right-0.5 grid h-4.5 min-w-4.5 place-items-center rounded-full bg-destructive px-1 text-[0.65rem] leading-none font-bold text-white tabular-nums"
        >
          {badgeText(unread)}
        </span>
      ) : null}
    </Button>
  );
}
