/**
 * What the auth form's submit does in each mode: the client check first (a toast, no call), then
 * the call; failures toast the server's message or the mode's fixed fallback; successes toast and
 * move on (home, back to login, fields cleared).
 */
import type { CurrentUser } from '@whosright/contracts/account/dto';

import { toast } from '#web/hooks/use-toast.ts';
import { BANNED_MESSAGE, isBanned } from '#web/lib/ban.ts';
import { errorMessage } from '#web/lib/error-message.ts';
import { useForgotPassword, useResetPassword } from '#web/features/auth/api/password-reset.ts';
import { useLogin, useRegister } from '#web/features/auth/api/sign-in.ts';
import type { AuthMode } from '#web/features/auth/lib/auth-modes.ts';
import { validateAuthForm, type AuthFields } from '#web/features/auth/lib/validate-auth-form.ts';

export interface AuthSubmitEffects {
  productName: string;
  setMode: (mode: AuthMode) => void;
  clearResetFields: () => void;
  onSignedIn: () => void;
  onResetDone?: () => void;
}

/** "Welcome back!", except to a banned member: what their account still lets them do. */
const welcomeFor = (user: Pick<CurrentUser, 'status'>) =>
  isBanned(user) ? BANNED_MESSAGE : 'Welcome back!';

const failed = (title: string, error: unknown, fallback: string) =>
  toast({ title, description: errorMessage(error, fallback), variant: 'destructive' });

export function useAuthSubmit(effects: AuthSubmitEffects) {
  const login = useLogin();
  const register = useRegister();
  const forgot = useForgotPassword();
  const reset = useResetPassword();
  const pending = login.isPending || register.isPending || forgot.isPending || reset.isPending;

  const submit = (mode: AuthMode, fields: AuthFields) => {
    if (pending) return;
    const problem = validateAuthForm(mode, fields);
    if (problem) {
      toast({ ...problem, variant: 'destructive' });
      return;
    }
    const email = fields.email.trim();
    switch (mode) {
      case 'login':
        login.mutate(
          { email, password: fields.password },
          {
            onSuccess: (signedIn) => {
              toast({ title: 'Login successful', description: welcomeFor(signedIn) });
              effects.onSignedIn();
            },
            onError: (error) => failed('Login failed', error, 'Invalid email or password'),
          },
        );
        return;
      case 'register':
        register.mutate(
          {
            email,
            password: fields.password,
            firstName: fields.firstName.trim(),
            lastName: fields.lastName.trim() || null,
          },
          {
            onSuccess: () => {
              toast({
                title: 'Registration successful',
                // The account works at once; the mailed link verifies the address.
                description: `Welcome to ${effects.productName}! Check your inbox for a link to verify your email.`,
              });
              effects.onSignedIn();
            },
            onError: (error) => failed('Registration failed', error, 'Failed to create account'),
          },
        );
        return;
      case 'forgot':
        forgot.mutate(
          { email },
          {
            onSuccess: () => {
              toast({
                title: 'Reset email sent',
                description: 'Check your email for password reset instructions.',
              });
              effects.setMode('login');
            },
            onError: (error) => failed('Reset failed', error, 'Failed to send reset email'),
          },
        );
        return;
      case 'reset':
        reset.mutate(
          { token: fields.token.trim(), password: fields.password },
          {
            onSuccess: () => {
              toast({
                title: 'Password reset successful',
                description: 'You can now log in with your new password.',
              });
              effects.clearResetFields();
              effects.setMode('login');
              effects.onResetDone?.();
            },
            onError: (error) => failed('Reset failed', error, 'Invalid or expired reset token'),
          },
        );
        return;
    }
  };

  return { submit, pending };
}
