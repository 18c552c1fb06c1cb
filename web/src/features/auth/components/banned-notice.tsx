/**
 * A banned member's persistent notice under the header, on every screen: when and why they were
 * banned, what they can still do, and where (their profile: export and delete their data).
 */
import { Link } from '@tanstack/react-router';
import { BanIcon } from 'lucide-react';

import { useCurrentUser } from '#web/features/auth/api/get-current-user.ts';
import { banSentence, isBanned } from '#web/lib/ban.ts';

export function BannedNotice() {
  const { user } = useCurrentUser();
  if (!user || !isBanned(user)) return null;
  return (
    <section
      aria-label="Account banned"
      className="border-b border-destructive/30 bg-destructive/10 text-foreground"
    >
      <div className="mx-auto flex w-full max-w-5xl items-start gap-3 px-4 py-3 text-sm">
        <BanIcon className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
        <p>
          <strong className="font-semibold">{banSentence(user.ban)}</strong> You can still read
          stories and comments, and{' '}
          <Link to="/profile" className="font-medium underline underline-offset-2">
            export or delete your data
          </Link>{' '}
          from your profile.
        </p>
      </div>
    </section>
  );
}
