/** What each mode of the auth form says: title, subtitle, button and its pending label. */
import type { AuthMode } from '#web/features/auth/lib/auth-modes.ts';

export const AUTH_MODE_COPY: Record<
  AuthMode,
  { title: string; subtitle: string; submit: string; pending: string }
> = {
  login: {
    title: 'Welcome back',
    subtitle: 'Sign in to your account',
    submit: 'Sign In',
    pending: 'Signing in...',
  },
  register: {
    title: 'Create account',
    subtitle: 'Create a new account to get started',
    submit: 'Create Account',
    pending: 'Creating account...',
  },
  forgot: {
    title: 'Reset password',
    subtitle: 'Enter your email to receive reset instructions',
    submit: 'Send Reset Email',
    pending: 'Sending...',
  },
  reset: {
    title: 'Set new password',
    subtitle: 'Enter your new password',
    submit: 'Reset Password',
    pending: 'Resetting...',
  },
};
