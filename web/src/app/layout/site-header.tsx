import { lazy, Suspense } from 'react';
import { Link } from '@tanstack/react-router';
import { PlusIcon } from 'lucide-react';

import { LogoMark } from '#web/components/brand/logo-mark.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { useCurrentUser } from '#web/features/auth/api/get-current-user.ts';
import { HeaderSearch } from '#web/features/search/components/header-search.tsx';
import { cn } from '#web/lib/utils.ts';

const AdminLinks = lazy(() =>
  import('#web/app/layout/admin-links.tsx').then((m) => ({ default: m.AdminLinks })),
);

/** The two icons' room while they load, so nothing moves when they arrive. */
const adminLinksRoom = <div aria-hidden="true" className="h-10 w-[5.375rem] sm:w-[5.5rem]" />;

// A member's bell and avatar are not on a visitor's page: their code loads for members only,
// into room kept for them, so nothing moves when they arrive.
const NotificationBell = lazy(() =>
  import('#web/features/notifications/components/notification-bell.tsx').then((m) => ({
    default: m.NotificationBell,
  })),
);
const bellRoom = <div aria-hidden="true" className="size-10" />;
const ProfileLink = lazy(() =>
  import('#web/app/layout/profile-link.tsx').then((m) => ({ default: m.ProfileLink })),
);
const accountSkeleton = <Skeleton data-testid="account-skeleton" className="h-10 w-full" />;

/** The header on every screen. */
export function SiteHeader({ onAddNew }: { onAddNew: () => void }) {
  const { user, isPending, isAdmin } = useCurrentUser();

  return (
    <header className="sticky top-0 z-30 border-b bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
      <div className="mx-auto flex h-16 w-full max-w-5xl items-center gap-2 px-4">
        {/* The wordmark shows only where it fits beside the nav, which grows with a member's bell,
            an admin's icons and the Add new label: elsewhere it stays for screen readers, the
            logo for the eye. 10.5rem is the logo, the gap and the wordmark at text-lg; from sm
            the header has room to spare for text-xl. */}
        <div className="@container min-w-0 flex-1">
          <Link
            to="/"
            className="-ml-1 inline-flex items-center gap-2 rounded-lg px-1 py-1 outline-none focus-visible:ring-[3px] focus-visible:ring-ring"
          >
            <LogoMark className="size-8" />
            <span className="sr-only font-display text-lg font-black tracking-tight whitespace-nowrap @min-[10.5rem]:not-sr-only sm:text-xl">
              Who&apos;s Right
            </span>
          </Link>
        </div>

        <nav aria-label="Main" className="flex shrink-0 items-center gap-1.5 sm:gap-2">
          {/* An admin's two extra icons leave no room for the search icon on the narrowest
              phones: "/" and the search page's address still lead there. */}
          <HeaderSearch crowded={isAdmin} />

          {isAdmin ? (
            <Suspense fallback={adminLinksRoom}>
              <AdminLinks />
            </Suspense>
          ) : null}

          {user ? (
            <Suspense fallback={bellRoom}>
              <NotificationBell />
            </Suspense>
          ) : null}

          {/* Icon-only on the narrowest phones; the accessible name is always "Add new". */}
          <Button
            onClick={onAddNew}
            aria-label="Add new"
            size="bare"
            className="h-10 min-w-10 gap-1.5 px-2.5 py-2"
          >
            <PlusIcon className="size-5" />
            <span
              aria-hidden="true"
              className={cn(
                'hidden pr-0.5',
                // Past the widths where the wordmark still fits beside it: the wordmark goes first.
                isAdmin ? 'sm:inline' : user ? 'min-[490px]:inline' : 'min-[450px]:inline',
              )}
            >
              Add new
            </span>
          </Button>

          {/* Fixed width: the slot does not change size when the user arrives. */}
          <div className="flex w-16 justify-end">
            {isPending ? (
              accountSkeleton
            ) : user ? (
              <Suspense fallback={accountSkeleton}>
                <ProfileLink user={user} />
              </Suspense>
            ) : (
              <Button asChild variant="outline" size="bare" className="h-10 w-full py-2">
                <Link to="/login">Log In</Link>
              </Button>
            )}
          </div>
        </nav>
      </div>
    </header>
  );
}
