/**
 * The four modes of the one auth form. Their copy lives beside the form (auth-mode-copy.ts): the
 * sign-in route checks its URL against these modes on every page's first load, the copy is needed
 * only once the form shows.
 */
export const AUTH_MODES = ['login', 'register', 'forgot', 'reset'] as const;
export type AuthMode = (typeof AUTH_MODES)[number];
