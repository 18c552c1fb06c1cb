import type { CurrentUser } from '@whosright/contracts/account/dto';
import { displayNameOf } from '@whosright/contracts/account/display-name';

import { Avatar, AvatarFallback, AvatarImage } from '#web/components/ui/avatar.tsx';
import { cn } from '#web/lib/utils.ts';

/** What the avatar and the name need: the signed-in user, a listed user or a comment's author. */
export type Person = Pick<
  CurrentUser,
  'username' | 'firstName' | 'lastName' | 'profileImageUrl'
> & {
  email?: string | undefined;
};

/** Username, else full name, else e-mail, else 'Anonymous User'. */
export function userDisplayName(user: Person): string {
  return displayNameOf(user);
}

/**
 * An avatar's letters, from the name shown for the person, so the two always agree: the first
 * letter of its first two words ('Sam Lee' and 'Sam_L' give SL, 'sam' gives S); of an e-mail,
 * only the part before the at sign counts.
 */
export function initialsOf(name: string): string {
  const words = (name.split('@')[0] ?? '').split(/[\s._-]+/).filter(Boolean);
  const letters = words.slice(0, 2).map((word) => Array.from(word)[0]);
  return letters.join('').toUpperCase() || '?';
}

const SIZES = {
  sm: { avatar: 'size-8', initials: 'text-xs' },
  md: { avatar: 'size-9', initials: 'text-xs' },
  lg: { avatar: 'size-11', initials: 'text-xs' },
  xl: { avatar: 'size-20 sm:size-24', initials: 'text-2xl' },
} as const;

export function UserAvatar({
  user,
  name = userDisplayName(user),
  size = 'md',
}: {
  user: Person;
  /** The name shown for them here, when it is not their display name (the profile's). */
  name?: string;
  size?: keyof typeof SIZES;
}) {
  return (
    <Avatar className={cn('ring-2 ring-background', SIZES[size].avatar)}>
      {user.profileImageUrl ? <AvatarImage src={user.profileImageUrl} alt="" /> : null}
      <AvatarFallback
        className={cn(
          'bg-gradient-to-br from-he to-she font-bold text-white',
          SIZES[size].initials,
        )}
      >
        {initialsOf(name)}
      </AvatarFallback>
    </Avatar>
  );
}
