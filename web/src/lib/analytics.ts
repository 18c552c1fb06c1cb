/**
 * Google Analytics with consent mode, loaded only when GET /api/config names an analytics id. Until
 * then (and for ever without an id) every call is a no-op that only remembers the latest consent
 * and the page views to send: no script is added and nothing leaves the browser.
 *
 * Consent defaults to denied for all four signals; `setConsent` grants analytics_storage when
 * analytics is allowed, and ad_storage, ad_user_data and ad_personalization when advertising is.
 */
export interface ConsentChoices {
  analytics: boolean;
  advertising: boolean;
}

export interface PageView {
  path: string;
  location: string;
  title: string;
}

type ConsentValue = 'granted' | 'denied';
export interface ConsentSignals {
  analytics_storage: ConsentValue;
  ad_storage: ConsentValue;
  ad_user_data: ConsentValue;
  ad_personalization: ConsentValue;
}

type Gtag = (...args: unknown[]) => void;

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: Gtag;
  }
}

export const GTAG_SCRIPT_URL = 'https://www.googletagmanager.com/gtag/js';
const MAX_PENDING_PAGE_VIEWS = 20;

export function consentSignals(choices: ConsentChoices): ConsentSignals {
  const ads: ConsentValue = choices.advertising ? 'granted' : 'denied';
  return {
    analytics_storage: choices.analytics ? 'granted' : 'denied',
    ad_storage: ads,
    ad_user_data: ads,
    ad_personalization: ads,
  };
}

export const DENIED_CONSENT: ConsentSignals = consentSignals({
  analytics: false,
  advertising: false,
});

export interface Analytics {
  /** Called once the runtime config is known; a missing id leaves analytics off. */
  configure(measurementId: string | null | undefined): void;
  setConsent(choices: ConsentChoices): void;
  pageView(view: PageView): void;
  readonly enabled: boolean;
}

export function createAnalytics(win: Window = window): Analytics {
  let measurementId: string | null = null;
  let consent: ConsentChoices | null = null;
  let pending: PageView[] = [];

  function gtag(..._args: unknown[]) {
    // gtag.js only reads Arguments objects from the data layer, not arrays.
    // eslint-disable-next-line prefer-rest-params
    win.dataLayer?.push(arguments);
  }

  function sendPageView(view: PageView) {
    gtag('event', 'page_view', {
      page_path: view.path,
      page_location: view.location,
      page_title: view.title,
    });
  }

  return {
    get enabled() {
      return measurementId !== null;
    },
    configure(id) {
      if (!id || measurementId) return;
      measurementId = id;
      win.dataLayer = win.dataLayer ?? [];
      win.gtag = gtag;
      gtag('consent', 'default', { ...DENIED_CONSENT, wait_for_update: 500 });
      if (consent) gtag('consent', 'update', consentSignals(consent));
      gtag('js', new Date());
      gtag('config', id, { send_page_view: false });

      const script = win.document.createElement('script');
      script.async = true;
      script.src = `${GTAG_SCRIPT_URL}?id=${encodeURIComponent(id)}`;
      win.document.head.appendChild(script);

      for (const view of pending) sendPageView(view);
      pending = [];
    },
    setConsent(choices) {
      consent = { analytics: choices.analytics, advertising: choices.advertising };
      if (measurementId) gtag('consent', 'update', consentSignals(consent));
    },
    pageView(view) {
      if (measurementId) {
        sendPageView(view);
        return;
      }
      pending = [...pending, view].slice(-MAX_PENDING_PAGE_VIEWS);
    },
  };
}

/** The app's analytics. */
export const analytics = createAnalytics();
