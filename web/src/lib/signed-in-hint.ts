/**
 * The signed-in hint cookie: set by the server beside the HttpOnly session cookie, readable here.
 * It proves nothing; it tells the page, before its first request and its first paint, whether
 * there is likely a session to ask about.
 */
import { SIGNED_IN_HINT_COOKIE } from '@whosright/contracts/shared/constants';

export function hasSignedInHint(): boolean {
  return document.cookie.split('; ').some((c) => c.startsWith(`${SIGNED_IN_HINT_COOKIE}=`));
}

export function forgetSignedInHint() {
  const secure = window.location.protocol === 'https:' ? '; secure' : '';
  document.cookie = `${SIGNED_IN_HINT_COOKIE}=; path=/; max-age=0; samesite=lax${secure}`;
}
