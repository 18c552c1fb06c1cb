/**
 * Signing out is a full-page navigation to /api/logout, which ends the session and redirects
 * home: the page that asked is gone before it could say anything. It leaves a note in this tab's
 * sessionStorage; the next page takes it and says 'Signed out' once the signed-in hint cookie is
 * gone too (a refused sign-out keeps it, and says nothing).
 */
import { navigateTo } from '#web/lib/navigation.ts';
import { hasSignedInHint } from '#web/lib/signed-in-hint.ts';

const SIGNED_OUT_KEY = 'whosright:signed-out';

export function signOut() {
  try {
    window.sessionStorage.setItem(SIGNED_OUT_KEY, '1');
  } catch {
    // Storage refused: the sign-out still happens, without the notice.
  }
  navigateTo('/api/logout');
}

/** Whether this page follows a sign-out that happened; the note is used up either way. */
export function takeSignedOutNotice(): boolean {
  try {
    if (window.sessionStorage.getItem(SIGNED_OUT_KEY) === null) return false;
    window.sessionStorage.removeItem(SIGNED_OUT_KEY);
  } catch {
    return false;
  }
  return !hasSignedInHint();
}
