import { LogOutIcon } from 'lucide-react';
import type { CurrentUser } from '@whosright/contracts/account/dto';

import { BannedHint } from '#web/components/banned-hint.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { UserAvatar } from '#web/components/user-avatar.tsx';
import { isBanned } from '#web/lib/ban.ts';
import { signOut } from '#web/lib/sign-out.ts';
import { timeAgo } from '#web/lib/relative-time.ts';
import { EditProfileDialog } from '#web/features/profile/components/edit-profile-dialog.tsx';
import { VerifyEmailNotice } from '#web/features/profile/components/verify-email-notice.tsx';

/** The profile's name: username, else full name, else 'Anonymous User'. */
export function profileName(user: CurrentUser): string {
  const fullName = [user.firstName, user.lastName].filter(Boolean).join(' ').trim();
  return user.username || fullName || 'Anonymous User';
}

export function ProfileHeader({
  user,
  onUpdated,
}: {
  user: CurrentUser;
  onUpdated: (user: CurrentUser) => void;
}) {
  return (
    <section className="grid gap-4 rounded-2xl border bg-card p-5 sm:p-6">
      <div className="flex flex-col gap-5 sm:flex-row sm:items-center">
        <UserAvatar user={user} name={profileName(user)} size="xl" />
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <h1 className="truncate font-display text-2xl font-bold sm:text-3xl">
            {profileName(user)}
          </h1>
          <p className="truncate text-muted-foreground">{user.email}</p>
          <p className="text-sm text-muted-foreground">
            Member since <time dateTime={user.createdAt}>{timeAgo(user.createdAt)}</time>
          </p>
          {isBanned(user) ? <BannedHint className="mt-1" /> : null}
        </div>
        <div className="flex flex-wrap gap-2 sm:flex-col sm:items-stretch">
          <EditProfileDialog user={user} onUpdated={onUpdated} />
          <Button variant="ghost" onClick={signOut}>
            <LogOutIcon />
            Logout
          </Button>
        </div>
      </div>
      {/* The card's whole width: the sentence and its link fit one line beside the icon. */}
      {!user.emailVerified ? <VerifyEmailNotice /> : null}
    </section>
  );
}
