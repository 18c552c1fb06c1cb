import { beforeEach, describe, expect, it } from 'vitest';

import { consentSignals, createAnalytics, GTAG_SCRIPT_URL } from '#web/lib/analytics.ts';

/** The data layer holds Arguments objects; compare them as arrays. */
function layer() {
  return (window.dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>));
}

function gtagScripts() {
  return Array.from(document.querySelectorAll('script')).filter((s) =>
    s.src.startsWith(GTAG_SCRIPT_URL),
  );
}

const view = { path: '/privacy', location: 'http://localhost/privacy', title: 'Privacy' };

describe('analytics', () => {
  beforeEach(() => {
    delete window.dataLayer;
    delete window.gtag;
    for (const script of gtagScripts()) script.remove();
  });

  it('when no analytics id is configured nothing is loaded and nothing is sent', () => {
    const analytics = createAnalytics(window);
    analytics.setConsent({ analytics: true, advertising: true });
    analytics.pageView(view);
    analytics.configure(null);
    analytics.configure('');
    expect(analytics.enabled).toBe(false);
    expect(window.dataLayer).toBeUndefined();
    expect(window.gtag).toBeUndefined();
    expect(gtagScripts()).toHaveLength(0);
  });

  it('when an id is configured it defaults consent to denied and loads gtag once', () => {
    const analytics = createAnalytics(window);
    analytics.configure('G-TEST123');
    analytics.configure('G-TEST123');
    expect(analytics.enabled).toBe(true);
    expect(layer()[0]).toEqual([
      'consent',
      'default',
      {
        analytics_storage: 'denied',
        ad_storage: 'denied',
        ad_user_data: 'denied',
        ad_personalization: 'denied',
        wait_for_update: 500,
      },
    ]);
    expect(layer()).toContainEqual(['config', 'G-TEST123', { send_page_view: false }]);
    const scripts = gtagScripts();
    expect(scripts).toHaveLength(1);
    expect(scripts[0]!.src).toBe(`${GTAG_SCRIPT_URL}?id=G-TEST123`);
    expect(scripts[0]!.async).toBe(true);
  });

  it('when analytics only is allowed it grants analytics storage and denies the ad signals', () => {
    const analytics = createAnalytics(window);
    analytics.configure('G-TEST123');
    analytics.setConsent({ analytics: true, advertising: false });
    expect(layer().at(-1)).toEqual([
      'consent',
      'update',
      {
        analytics_storage: 'granted',
        ad_storage: 'denied',
        ad_user_data: 'denied',
        ad_personalization: 'denied',
      },
    ]);
  });

  it('when advertising is allowed it grants ad storage, ad user data and ad personalization', () => {
    expect(consentSignals({ analytics: false, advertising: true })).toEqual({
      analytics_storage: 'denied',
      ad_storage: 'granted',
      ad_user_data: 'granted',
      ad_personalization: 'granted',
    });
  });

  it('when consent was given before the id arrived it is applied right after the default', () => {
    const analytics = createAnalytics(window);
    analytics.setConsent({ analytics: true, advertising: true });
    analytics.configure('G-TEST123');
    expect(layer()[0]?.slice(0, 2)).toEqual(['consent', 'default']);
    expect(layer()[1]).toEqual([
      'consent',
      'update',
      consentSignals({ analytics: true, advertising: true }),
    ]);
  });

  it('when the route changes it sends a page_view event', () => {
    const analytics = createAnalytics(window);
    analytics.configure('G-TEST123');
    analytics.pageView(view);
    expect(layer().at(-1)).toEqual([
      'event',
      'page_view',
      { page_path: '/privacy', page_location: 'http://localhost/privacy', page_title: 'Privacy' },
    ]);
  });

  it('when page views happen before the id arrives they are sent once it does', () => {
    const analytics = createAnalytics(window);
    analytics.pageView({ ...view, path: '/' });
    analytics.pageView(view);
    analytics.configure('G-TEST123');
    const pageViews = layer().filter((entry) => entry[1] === 'page_view');
    expect(pageViews.map((entry) => (entry[2] as { page_path: string }).page_path)).toEqual([
      '/',
      '/privacy',
    ]);
  });
});
