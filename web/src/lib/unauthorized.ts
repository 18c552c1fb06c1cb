/**
 * The one place that reacts to "you are not signed in": a toast, then a redirect after a short
 * delay, counted from when the toast is on screen (the toaster's code loads with the first toast),
 * so the notice is readable for the whole delay. Repeated calls while a redirect is pending do
 * nothing, so a burst of failing calls gives one toast.
 */
import { DELAYS_MS } from '@whosright/contracts/shared/constants';

import { toast, whenToastShown } from '#web/hooks/use-toast.ts';
import { navigateTo } from '#web/lib/navigation.ts';

export type LoginTarget = '/login' | '/api/login';

let redirectPending = false;

/** If the toaster's code cannot load at all, the redirect still happens this much later. */
const TOASTER_LOAD_GRACE_MS = 10_000;

export interface NoticeAndRedirect {
  title: string;
  description: string;
  to: string;
  delayMs?: number;
}

export function toastAndRedirect({
  title,
  description,
  to,
  delayMs = DELAYS_MS.redirect,
}: NoticeAndRedirect) {
  if (redirectPending) return;
  redirectPending = true;
  const { id } = toast({ title, description, variant: 'destructive' });
  let gone = false;
  const go = () => {
    if (gone) return;
    gone = true;
    redirectPending = false;
    navigateTo(to);
  };
  // From the frame after it is drawn: the toast has been painted when the delay starts.
  whenToastShown(id, () => requestAnimationFrame(() => setTimeout(go, delayMs)));
  setTimeout(go, delayMs + TOASTER_LOAD_GRACE_MS);
}

/** Any action answered 401: 'Unauthorized' / 'You are logged out. Logging in again...'. */
export function handleUnauthorized(to: LoginTarget = '/login') {
  toastAndRedirect({
    title: 'Unauthorized',
    description: 'You are logged out. Logging in again...',
    to,
  });
}

/** A signed-out visitor tried something that needs an account (e.g. Add new). */
export function requireLogin(description: string, delayMs: number = DELAYS_MS.redirect) {
  toastAndRedirect({ title: 'Login Required', description, to: '/login', delayMs });
}

/** Test helper. */
export function resetUnauthorizedState() {
  redirectPending = false;
}
