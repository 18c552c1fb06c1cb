/**
 * Whether this browser has seen the home page before: a flag in localStorage, set on the first
 * visit. It keeps no identity and is never sent anywhere; it only decides the hero's size.
 * Without storage (private modes that refuse it) every visit is a first one.
 */
const RETURNING_KEY = 'whosright:returning';

export function hasVisitedBefore(): boolean {
  try {
    return window.localStorage.getItem(RETURNING_KEY) === '1';
  } catch {
    return false;
  }
}

export function rememberVisit() {
  try {
    window.localStorage.setItem(RETURNING_KEY, '1');
  } catch {
    // Storage refused: the hero stays full, nothing else depends on it.
  }
}
