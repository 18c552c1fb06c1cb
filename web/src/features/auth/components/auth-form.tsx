/**
 * /login: one form, four modes: titles, subtitles, field sets, links and back arrows. What
 * submitting does lives in useAuthSubmit.
 */
import { useState, type FormEvent } from 'react';
import { ArrowLeftIcon, LogInIcon } from 'lucide-react';

import { LogoMark } from '#web/components/brand/logo-mark.tsx';
import { Button } from '#web/components/ui/button.tsx';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '#web/components/ui/card.tsx';
import { Separator } from '#web/components/ui/separator.tsx';
import { cn } from '#web/lib/utils.ts';
import { AuthFormFields } from '#web/features/auth/components/auth-form-fields.tsx';
import { AUTH_MODE_COPY } from '#web/features/auth/lib/auth-mode-copy.ts';
import type { AuthMode } from '#web/features/auth/lib/auth-modes.ts';
import type { AuthFields } from '#web/features/auth/lib/validate-auth-form.ts';
import { useAuthSubmit } from '#web/features/auth/components/use-auth-submit.ts';

export interface AuthFormProps {
  initialMode?: AuthMode;
  initialToken?: string;
  productName: string;
  /** The external provider's label, or null to hide 'Continue with ...'. */
  externalSignInLabel: string | null;
  onSignedIn: () => void;
  /** After a successful reset (the route drops the token from the URL). */
  onResetDone?: () => void;
  /** Inside a sheet or dialog: no card frame, and its title is a second-level heading. */
  embedded?: boolean;
}

const emptyFields: AuthFields = {
  email: '',
  password: '',
  firstName: '',
  lastName: '',
  token: '',
  confirmPassword: '',
};

export function AuthForm({
  initialMode = 'login',
  initialToken = '',
  productName,
  externalSignInLabel,
  onSignedIn,
  onResetDone,
  embedded = false,
}: AuthFormProps) {
  const [mode, setMode] = useState<AuthMode>(initialMode);
  const [fields, setFields] = useState<AuthFields>({ ...emptyFields, token: initialToken });
  const { submit, pending } = useAuthSubmit({
    productName,
    setMode,
    clearResetFields: () =>
      setFields((current) => ({ ...current, token: '', password: '', confirmPassword: '' })),
    onSignedIn,
    onResetDone,
  });
  const copy = AUTH_MODE_COPY[mode];
  const Heading = embedded ? 'h2' : 'h1';

  const setField = (name: keyof AuthFields, value: string) =>
    setFields((current) => ({ ...current, [name]: value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit(mode, fields);
  };

  const hasBackArrow = mode === 'forgot' || mode === 'reset';

  return (
    <Card
      className={cn('w-full max-w-md gap-5', embedded ? 'border-0 bg-transparent' : 'shadow-lg')}
    >
      <CardHeader className="relative justify-items-center text-center">
        {hasBackArrow ? (
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="absolute top-0 left-4"
            aria-label="Back to sign in"
            onClick={() => setMode('login')}
          >
            <ArrowLeftIcon className="size-5" />
          </Button>
        ) : null}
        <LogoMark className="mb-2 size-11" />
        <CardTitle>
          <Heading className="font-display text-2xl font-bold">{copy.title}</Heading>
        </CardTitle>
        <CardDescription>{copy.subtitle}</CardDescription>
      </CardHeader>

      <CardContent className="grid gap-5">
        <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label={copy.title}>
          <AuthFormFields mode={mode} fields={fields} onChange={setField} />
          <Button type="submit" size="lg" disabled={pending} className="mt-1 w-full">
            {pending ? copy.pending : copy.submit}
          </Button>
        </form>

        {mode === 'login' ? (
          <div className="flex flex-col items-center gap-2 text-sm">
            <Button type="button" variant="link" size="bare" onClick={() => setMode('forgot')}>
              Forgot your password?
            </Button>
            <p className="text-muted-foreground">
              Don&apos;t have an account?{' '}
              <Button type="button" variant="link" size="bare" onClick={() => setMode('register')}>
                Sign up
              </Button>
            </p>
          </div>
        ) : null}

        {mode === 'register' ? (
          <Button
            type="button"
            variant="link"
            size="bare"
            className="justify-self-center"
            onClick={() => setMode('login')}
          >
            Already have an account? Sign in
          </Button>
        ) : null}

        {mode === 'login' && externalSignInLabel ? (
          <>
            <div className="flex items-center gap-3 text-xs text-muted-foreground uppercase">
              <Separator className="flex-1" />
              or
              <Separator className="flex-1" />
            </div>
            <Button asChild variant="outline" size="lg" className="w-full">
              <a href="/api/login">
                <LogInIcon />
                Continue with {externalSignInLabel}
              </a>
            </Button>
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}
