import { Link } from '@tanstack/react-router';

import type { CurrentUser } from '@whosright/contracts/account/dto';

import { Button } from '#web/components/ui/button.tsx';
import { initialsOf, UserAvatar, userDisplayName } from '#web/components/user-avatar.tsx';

/** "AV, profile of Ann Vega": the avatar's initials first, then what the link is. */
const profileLinkName = (shownName: string) => `${initialsOf(shownName)}, profile of ${shownName}`;

/** The header's link to the member's profile, drawn as their avatar. */
export function ProfileLink({ user }: { user: CurrentUser }) {
  return (
    <Button asChild variant="ghost" size="icon" round>
      {/* The name starts with the initials the avatar shows (label in name), so voice control
          users can say what they see. */}
      <Link to="/profile" aria-label={profileLinkName(userDisplayName(user))}>
        <UserAvatar user={user} />
      </Link>
    </Button>
  );
}
