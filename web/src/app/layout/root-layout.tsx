import { HeadContent, Outlet } from '@tanstack/react-router';

import { SiteFooter } from '#web/app/layout/site-footer.tsx';
import { SiteHeader } from '#web/app/layout/site-header.tsx';
import { SubmitStoryDialogSlot } from '#web/app/layout/submit-story-dialog-slot.tsx';
import { useRuntimeAnalytics } from '#web/app/layout/use-runtime-analytics.ts';
import { useSignedOutToast } from '#web/app/layout/use-signed-out-toast.ts';
import { useAddNew } from '#web/app/use-add-new.ts';
import { BannedNotice } from '#web/features/auth/components/banned-notice.tsx';
import { CookieConsentProvider } from '#web/features/consent/components/cookie-consent.tsx';

export function RootLayout() {
  useRuntimeAnalytics();
  useSignedOutToast();
  const onAddNew = useAddNew();

  return (
    <>
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-primary px-4 py-2 font-semibold text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <CookieConsentProvider>
        <HeadContent />
        <div className="flex min-h-dvh flex-col">
          <SiteHeader onAddNew={() => void onAddNew()} />
          <BannedNotice />
          {/* At least a screen tall (less the header): the footer starts below the fold, so a
            screen filling in as its data arrives never moves it in view (no layout shift). */}
          <main
            id="main"
            tabIndex={-1}
            className="flex min-h-[calc(100dvh-4rem)] flex-1 flex-col outline-none"
          >
            <Outlet />
          </main>
          <SiteFooter />
        </div>
        <SubmitStoryDialogSlot />
      </CookieConsentProvider>
    </>
  );
}
