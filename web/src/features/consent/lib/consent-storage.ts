/**
 * Cookie consent in localStorage (SPEC.md sections 3 and 9): `cookie-consent` = 'true' once the
 * visitor chose, `cookie-preferences` = JSON of the three booleans. Anything unreadable counts
 * as "no consent yet", so the banner asks again.
 */
import { z } from 'zod';
import { STORAGE_KEYS } from '@whosright/contracts/shared/constants';

export const cookiePreferencesSchema = z.object({
  necessary: z.literal(true),
  analytics: z.boolean(),
  advertising: z.boolean(),
});
export type CookiePreferences = z.infer<typeof cookiePreferencesSchema>;

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
    const parsed = cookiePreferencesSchema.safeParse(
      JSON.parse(store.getItem(STORAGE_KEYS.cookiePreferences) ?? 'null'),
    );
    return parsed.success ? parsed.data : null;
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
