import { useCallback } from 'react';
import { createFileRoute } from '@tanstack/react-router';

import { useRuntimeConfig } from '#web/features/config/api/get-runtime-config.ts';
import { AuthForm } from '#web/features/auth/components/auth-form.tsx';
import { VerifyEmailCard } from '#web/features/auth/components/verify-email-card.tsx';
import { useSignInErrorToast } from '#web/features/auth/components/use-sign-in-error-toast.ts';
import { AUTH_MODES, type AuthMode } from '#web/features/auth/lib/auth-modes.ts';

const SIGN_IN_ERRORS = ['sso_unavailable', 'sso_failed'] as const;

interface LoginSearch {
  mode?: AuthMode | 'verify';
  token?: string;
  error?: (typeof SIGN_IN_ERRORS)[number];
}

const oneOf = <T extends string>(values: readonly T[], value: unknown): T | undefined =>
  values.find((v) => v === value);

/** Anything unexpected in the URL is dropped (checked by hand: zod stays out of the first load). */
function loginSearch(search: Record<string, unknown>): LoginSearch {
  const { token } = search;
  return {
    mode: oneOf([...AUTH_MODES, 'verify' as const], search.mode),
    token: typeof token === 'string' && token.length <= 200 ? token : undefined,
    error: oneOf(SIGN_IN_ERRORS, search.error),
  };
}

export const Route = createFileRoute('/login')({
  validateSearch: loginSearch,
  head: () => ({ meta: [{ title: "Sign in · Who's Right" }] }),
  component: LoginRoute,
});

function LoginRoute() {
  const { mode, token, error } = Route.useSearch();
  const navigate = Route.useNavigate();
  const { data: config } = useRuntimeConfig();

  const clearError = useCallback(
    () => void navigate({ search: (s) => ({ ...s, error: undefined }), replace: true }),
    [navigate],
  );
  useSignInErrorToast(error, clearError);

  if (mode === 'verify' && token)
    return (
      <div className="flex flex-1 items-start justify-center px-4 py-8 sm:items-center sm:py-14">
        <VerifyEmailCard token={token} />
      </div>
    );

  return (
    <div className="flex flex-1 items-start justify-center px-4 py-8 sm:items-center sm:py-14">
      <AuthForm
        initialMode={mode === 'verify' ? 'login' : token && !mode ? 'reset' : mode}
        initialToken={token}
        productName={config?.productName ?? "Who's Right"}
        externalSignInLabel={config?.externalSignIn.enabled ? config.externalSignIn.label : null}
        onSignedIn={() => void navigate({ to: '/' })}
        onResetDone={() => void navigate({ search: {}, replace: true })}
      />
    </div>
  );
}
