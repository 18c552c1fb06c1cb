import { Link } from '@tanstack/react-router';

import { useCookieConsent } from '#web/features/consent/components/cookie-consent.tsx';

export function SiteFooter() {
  const { openPreferences } = useCookieConsent();
  const link =
    'rounded-sm underline-offset-4 outline-none hover:text-foreground hover:underline focus-visible:ring-[3px] focus-visible:ring-ring';
  return (
    <footer className="border-t">
      <div className="mx-auto flex w-full max-w-5xl flex-col gap-3 px-4 py-6 text-sm text-muted-foreground sm:flex-row sm:items-center sm:justify-between">
        <p>Who&apos;s Right · anonymous stories, community verdicts</p>
        <ul className="flex flex-wrap gap-x-5 gap-y-2">
          <li>
            <Link to="/privacy" className={link}>
              Privacy Policy
            </Link>
          </li>
          <li>
            <button type="button" className={link} onClick={openPreferences}>
              Cookie settings
            </button>
          </li>
        </ul>
      </div>
    </footer>
  );
}
