/**
 * Cookie consent in localStorage: `cookie-consent` = 'true' once the visitor chose,
 * `cookie-preferences` = JSON of the three booleans. Anything unreadable counts as "no consent
 * yet", so the banner asks again.
 */
import { STORAGE_KEYS } from '@whosright/contracts/shared/constants';

export interface CookiePreferences {
  necessary: true;
  analytics: boolean;
  advertising: boolean;
}

/** Checked by hand: the banner is on the first screen, zod is not (lib/response-schemas.ts). */
function asPreferences(value: unknown): CookiePreferences | null {
  if (typeof value !== 'object' || value === null) return null;
  const { necessary, analytics, advertising } = value as Record<string, unknown>;
  if (necessary !== true || typeof analytics !== 'boolean' || typeof advertising !== 'boolean')
    return null;
  return { necessary, analytics, advertising };
}

export const ACCEPT_ALL: CookiePreferences = {
  necessary: true,
  analytics: true,
  advertising: true,
};
export const REJECT_ALL: CookiePreferences = {
  necessary: true,
  analytics: false,
  advertising: false,
};

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // storage disabled
  }
}

export function readStoredConsent(): CookiePreferences | null {
  const store = storage();
  if (!store || store.getItem(STORAGE_KEYS.cookieConsent) !== 'true') return null;
  try {
    return asPreferences(JSON.parse(store.getItem(STORAGE_KEYS.cookiePreferences) ?? 'null'));
  } catch {
    return null;
  }
}

export function storeConsent(preferences: CookiePreferences) {
  const store = storage();
  if (!store) return;
  try {
    store.setItem(STORAGE_KEYS.cookieConsent, 'true');
    store.setItem(
      STORAGE_KEYS.cookiePreferences,
      JSON.stringify({
        necessary: true,
        analytics: preferences.analytics,
        advertising: preferences.advertising,
      }),
    );
  } catch {
    // quota or privacy mode: the choice still applies to this visit
  }
}
