import { useCallback } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';

import { useRuntimeConfig } from '#web/features/config/api/get-runtime-config.ts';
import { AuthForm } from '#web/features/auth/components/auth-form.tsx';
import { useSignInErrorToast } from '#web/features/auth/components/use-sign-in-error-toast.ts';
import { AUTH_MODES } from '#web/features/auth/lib/auth-modes.ts';

const searchSchema = z.object({
  mode: z.enum(AUTH_MODES).optional().catch(undefined),
  token: z.string().max(200).optional().catch(undefined),
  error: z.enum(['sso_unavailable', 'sso_failed']).optional().catch(undefined),
});

export const Route = createFileRoute('/login')({
  validateSearch: (search) => searchSchema.parse(search),
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

  return (
    <div className="flex flex-1 items-start justify-center px-4 py-8 sm:items-center sm:py-14">
      <AuthForm
        initialMode={token && !mode ? 'reset' : mode}
        initialToken={token}
        productName={config?.productName ?? "Who's Right"}
        externalSignInLabel={config?.externalSignIn.enabled ? config.externalSignIn.label : null}
        onSignedIn={() => void navigate({ to: '/' })}
        onResetDone={() => void navigate({ search: {}, replace: true })}
      />
    </div>
  );
}
