import type { ChangeEvent } from 'react';
import { PASSWORD_RULE } from '@whosright/contracts/shared/constants';
import { publicNameOf } from '@whosright/contracts/account/display-name';

import type { AuthMode } from '#web/features/auth/lib/auth-modes.ts';
import type { AuthFields } from '#web/features/auth/lib/validate-auth-form.ts';
import { AuthTextField } from '#web/features/auth/components/auth-text-field.tsx';

/**
 * Under the names at sign-up: the name others will see beside the member's comments, as it will
 * be (first name and last initial until they choose a username).
 */
function PublicNameHint({ fields }: { fields: AuthFields }) {
  const firstName = fields.firstName.trim();
  return (
    <p id="public-name-hint" className="-mt-2 text-xs text-muted-foreground">
      {firstName ? (
        <>
          Others will see you as{' '}
          <span className="font-semibold text-foreground">
            {publicNameOf({ firstName, lastName: fields.lastName })}
          </span>
          .
        </>
      ) : (
        'Others will see your first name and last initial, like Sam_L.'
      )}{' '}
      You can choose a username on your profile.
    </p>
  );
}

/** The field set of each mode. The email input is of type email. */
export function AuthFormFields({
  mode,
  fields,
  onChange,
}: {
  mode: AuthMode;
  fields: AuthFields;
  onChange: (name: keyof AuthFields, value: string) => void;
}) {
  const bind = (name: keyof AuthFields) => ({
    value: fields[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => onChange(name, event.target.value),
  });

  const email = (
    <AuthTextField
      id="email"
      label="Email"
      type="email"
      autoComplete="email"
      inputMode="email"
      placeholder="you@example.com"
      {...bind('email')}
    />
  );

  switch (mode) {
    case 'login':
      return (
        <>
          {email}
          <AuthTextField
            id="password"
            label="Password"
            type="password"
            autoComplete="current-password"
            {...bind('password')}
          />
        </>
      );
    case 'register':
      return (
        <>
          {email}
          <AuthTextField
            id="password"
            label="Password"
            type="password"
            autoComplete="new-password"
            hint={PASSWORD_RULE}
            {...bind('password')}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <AuthTextField
              id="firstName"
              label="First name"
              autoComplete="given-name"
              aria-describedby="public-name-hint"
              {...bind('firstName')}
            />
            <AuthTextField
              id="lastName"
              label="Last name"
              optional
              autoComplete="family-name"
              aria-describedby="public-name-hint"
              {...bind('lastName')}
            />
          </div>
          <PublicNameHint fields={fields} />
        </>
      );
    case 'forgot':
      return (
        <>
          {email}
          <p className="text-sm text-muted-foreground">
            We&apos;ll send password reset instructions to your email
          </p>
        </>
      );
    case 'reset':
      return (
        <>
          <AuthTextField
            id="token"
            label="Reset token"
            autoComplete="off"
            spellCheck={false}
            {...bind('token')}
          />
          <AuthTextField
            id="password"
            label="New password"
            type="password"
            autoComplete="new-password"
            hint={PASSWORD_RULE}
            {...bind('password')}
          />
          <AuthTextField
            id="confirmPassword"
            label="Confirm password"
            type="password"
            autoComplete="new-password"
            {...bind('confirmPassword')}
          />
        </>
      );
  }
}
