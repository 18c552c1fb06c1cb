import { createFileRoute } from '@tanstack/react-router';
import { CookieIcon } from 'lucide-react';

import { Button } from '#web/components/ui/button.tsx';
import { useRuntimeConfig } from '#web/features/config/api/get-runtime-config.ts';
import { useCookieConsent } from '#web/features/consent/components/cookie-consent.tsx';
import {
  PrivacyPolicy,
  privacyContactFor,
} from '#web/features/legal/components/privacy-policy.tsx';

export const Route = createFileRoute('/privacy')({
  head: () => ({ meta: [{ title: "Privacy Policy · Who's Right" }] }),
  component: PrivacyRoute,
});

function PrivacyRoute() {
  const { data: config } = useRuntimeConfig();
  const { openPreferences } = useCookieConsent();
  return (
    <PrivacyPolicy
      signInProvider={config?.externalSignIn.enabled ? config.externalSignIn.label : null}
      contactEmail={privacyContactFor(config?.publicUrl)}
      cookieSettings={
        <Button variant="outline" onClick={openPreferences}>
          <CookieIcon />
          Cookie preferences
        </Button>
      }
    />
  );
}
