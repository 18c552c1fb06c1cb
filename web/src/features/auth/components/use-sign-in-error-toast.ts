/**
 * /login?error=... is where the external sign-in comes back when it cannot finish: the server
 * sends `sso_unavailable` (not configured) or `sso_failed`. Toast once, then forget the flag.
 */
import { useEffect, useRef } from 'react';

import { toast } from '#web/hooks/use-toast.ts';

const notices = {
  sso_unavailable: {
    title: 'External sign-in unavailable',
    description: 'External sign-in is not configured. Please sign in with your email and password.',
  },
  sso_failed: {
    title: 'Sign-in failed',
    description: 'External sign-in failed. Please try again or use your email and password.',
  },
} as const;

export type SignInError = keyof typeof notices;

export function useSignInErrorToast(error: SignInError | undefined, onShown: () => void) {
  const shown = useRef<string | null>(null);
  useEffect(() => {
    if (!error || shown.current === error) return;
    shown.current = error;
    toast({ ...notices[error], variant: 'destructive' });
    onShown();
  }, [error, onShown]);
}
