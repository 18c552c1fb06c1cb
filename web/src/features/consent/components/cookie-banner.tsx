import { useLayoutEffect, useRef } from 'react';
import { Link } from '@tanstack/react-router';
import { CookieIcon } from 'lucide-react';

import { Button } from '#web/components/ui/button.tsx';

export interface CookieBannerProps {
  onPreferences: () => void;
  onRejectAll: () => void;
  onAcceptAll: () => void;
}

/** The page gets this much room at its end while the banner shows (index.css), so the banner covers none of it. */
function useReservedSpace() {
  const banner = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    const node = banner.current;
    if (!node) return;
    const root = document.documentElement;
    const reserve = () => root.style.setProperty('--cookie-banner-space', `${node.offsetHeight}px`);
    reserve();
    const observer = new ResizeObserver(reserve);
    observer.observe(node);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--cookie-banner-space');
    };
  }, []);
  return banner;
}

export function CookieBanner({ onPreferences, onRejectAll, onAcceptAll }: CookieBannerProps) {
  const banner = useReservedSpace();
  return (
    <section
      ref={banner}
      aria-labelledby="cookie-banner-title"
      aria-describedby="cookie-banner-text"
      data-testid="cookie-banner"
      className="fixed inset-x-0 bottom-0 z-40 p-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] animate-in fade-in-0 slide-in-from-bottom-4 sm:p-5"
    >
      <div className="mx-auto flex max-w-3xl flex-col gap-4 rounded-2xl border bg-popover p-4 text-popover-foreground shadow-2xl sm:flex-row sm:items-center sm:gap-6 sm:p-5">
        <div className="flex gap-3 sm:flex-1">
          <span
            aria-hidden="true"
            className="mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-he-soft to-she-soft text-foreground"
          >
            <CookieIcon className="size-5" />
          </span>
          <div className="grid gap-1">
            <h2 id="cookie-banner-title" className="font-display text-base font-bold">
              Cookies, your call
            </h2>
            <p id="cookie-banner-text" className="text-sm text-muted-foreground">
              We use essential cookies to keep you signed in. With your OK we also use analytics and
              advertising cookies.{' '}
              <Link
                to="/privacy"
                className="font-semibold text-foreground underline underline-offset-4 hover:text-he"
              >
                Privacy Policy
              </Link>
            </p>
          </div>
        </div>
        <div className="grid grid-cols-2 gap-2 sm:flex sm:shrink-0">
          <Button variant="ghost" onClick={onPreferences}>
            Preferences
          </Button>
          <Button variant="outline" onClick={onRejectAll}>
            Reject All
          </Button>
          <Button className="col-span-2" onClick={onAcceptAll}>
            Accept All
          </Button>
        </div>
      </div>
    </section>
  );
}
