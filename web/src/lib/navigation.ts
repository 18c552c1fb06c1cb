/**
 * Navigation for code outside React (the unauthorized handler, timers). The app registers the
 * router once; `/api/...` targets (external sign-in, logout) always load as a full page.
 */
type Navigate = (to: string) => void;

let navigate: Navigate | null = null;

export function setNavigator(next: Navigate | null) {
  navigate = next;
}

export function navigateTo(to: string) {
  if (to.startsWith('/api/') || !navigate) {
    window.location.assign(to);
    return;
  }
  navigate(to);
}
