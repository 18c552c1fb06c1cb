import { lazy, Suspense, useState } from 'react';

import { useNotifications } from '#web/features/notifications/api/get-notifications.ts';
import { useLiveUnread } from '#web/features/notifications/api/use-live-unread.ts';
import { BellButton } from '#web/features/notifications/components/bell-button.tsx';
import { usePreloadWhenIdle } from '#web/hooks/use-preload-when-idle.ts';

const loadPanel = () => import('#web/features/notifications/components/notification-panel.tsx');
const NotificationPanel = lazy(() => loadPanel().then((m) => ({ default: m.NotificationPanel })));

/**
 * The header's bell for a signed-in member: the unread count, kept live, on a button drawn with
 * the page. The panel it opens (Radix Popover and its positioning) loads when the page is idle or
 * the member reaches for the bell, so the first load carries none of it; a press before then
 * opens the panel as soon as it arrives.
 */
export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const live = useLiveUnread(true);
  const notifications = useNotifications(true, { live });
  const unread = notifications.data?.pages[0]?.unread ?? 0;
  usePreloadWhenIdle(loadPanel);

  const placeholder = (
    <BellButton
      unread={unread}
      aria-haspopup="dialog"
      aria-expanded={false}
      onPointerEnter={() => void loadPanel()}
      onFocus={() => void loadPanel()}
      onClick={() => setOpen(true)}
    />
  );
  return (
    <Suspense fallback={placeholder}>
      <NotificationPanel
        open={open}
        onOpenChange={setOpen}
        notifications={notifications}
        unread={unread}
      />
    </Suspense>
  );
}
