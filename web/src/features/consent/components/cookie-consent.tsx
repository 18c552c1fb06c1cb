/**
 * Cookie consent: the banner appears 1 s after load when nothing is stored;
 * Accept All / Reject All / Save Preferences store the choice, apply it to analytics and close the
 * banner. A stored choice is re-applied on every load. `useCookieConsent()` lets other parts of
 * the page (footer, privacy page) reopen the preferences.
 */
import {
  createContext,
  lazy,
  Suspense,
  use,
  useCallback,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { DELAYS_MS } from '@whosright/contracts/shared/constants';

import { afterFirstPaint } from '#web/lib/after-first-paint.ts';
import { analytics } from '#web/lib/analytics.ts';
import {
  ACCEPT_ALL,
  REJECT_ALL,
  readStoredConsent,
  storeConsent,
  type CookiePreferences,
} from '#web/features/consent/lib/consent-storage.ts';

// The banner shows 1 s after load, and only to someone who has not chosen yet: its code loads
// while that second runs, once the page has drawn its first content, outside the first load. It is rendered once loaded, never through
// Suspense, whose reveal of a suspended boundary is throttled and would show it late.
const loadBanner = () => import('#web/features/consent/components/cookie-banner.tsx');
type CookieBannerComponent = Awaited<ReturnType<typeof loadBanner>>['CookieBanner'];

// Loaded when first opened: the banner is on the first screen, the dialog rarely.
const CookiePreferencesDialog = lazy(() =>
  import('#web/features/consent/components/cookie-preferences-dialog.tsx').then((m) => ({
    default: m.CookiePreferencesDialog,
  })),
);

interface CookieConsentContextValue {
  preferences: CookiePreferences | null;
  openPreferences: () => void;
}

const CookieConsentContext = createContext<CookieConsentContextValue | null>(null);

export function useCookieConsent(): CookieConsentContextValue {
  const value = use(CookieConsentContext);
  if (!value) throw new Error('useCookieConsent must be used inside <CookieConsentProvider>');
  return value;
}

export function CookieConsentProvider({ children }: { children: ReactNode }) {
  const [preferences, setPreferences] = useState<CookiePreferences | null>(readStoredConsent);
  const [bannerDue, setBannerDue] = useState(false);
  const [Banner, setBanner] = useState<{ component: CookieBannerComponent } | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [dialogWanted, setDialogWanted] = useState(false);

  useEffect(() => {
    const stored = readStoredConsent();
    if (stored) {
      analytics.setConsent(stored);
      return;
    }
    let current = true;
    const cancelLoad = afterFirstPaint(() => {
      void loadBanner().then((m) => {
        if (current) setBanner({ component: m.CookieBanner });
      });
    });
    const timer = setTimeout(() => setBannerDue(true), DELAYS_MS.cookieBanner);
    return () => {
      current = false;
      cancelLoad();
      clearTimeout(timer);
    };
  }, []);

  const save = useCallback((next: CookiePreferences) => {
    storeConsent(next);
    analytics.setConsent(next);
    setPreferences(next);
    setDialogOpen(false);
  }, []);

  const openPreferences = useCallback(() => {
    setDialogWanted(true);
    setDialogOpen(true);
  }, []);
  const value = useMemo(() => ({ preferences, openPreferences }), [preferences, openPreferences]);

  return (
    <CookieConsentContext value={value}>
      {/* Before the page in the tab order: the choice is reachable without tabbing through it. */}
      {bannerDue && Banner && preferences === null ? (
        <Banner.component
          onPreferences={openPreferences}
          onRejectAll={() => save(REJECT_ALL)}
          onAcceptAll={() => save(ACCEPT_ALL)}
        />
      ) : null}
      {children}
      {dialogWanted ? (
        <Suspense fallback={null}>
          <CookiePreferencesDialog
            open={dialogOpen}
            onOpenChange={setDialogOpen}
            initial={preferences ?? REJECT_ALL}
            onSave={save}
          />
        </Suspense>
      ) : null}
    </CookieConsentContext>
  );
}
