import type { CurrentUser } from '@whosright/contracts/account/dto';

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
  const fullName = [user.firstName, user.lastName].filter(Boolean).join(' ').trim();
  return user.username || fullName || user.email || 'Anonymous User';
}

export function userInitials(user: Person): string {
  const fromNames = [user.firstName, user.lastName]
    .filter((part): part is string => Boolean(part))
    .map((part) => part[0])
    .join('');
  const initials = fromNames || user.username?.slice(0, 2) || user.email?.[0] || 'U';
  return initials.slice(0, 2).toUpperCase();
}

const SIZES = {
  sm: { avatar: 'size-8', initials: 'text-xs' },
  md: { avatar: 'size-9', initials: 'text-xs' },
  lg: { avatar: 'size-11', initials: 'text-xs' },
  xl: { avatar: 'size-20 sm:size-24', initials: 'text-2xl' },
} as const;

export function UserAvatar({ user, size = 'md' }: { user: Person; size?: keyof typeof SIZES }) {
  return (
    <Avatar className={cn('ring-2 ring-background', SIZES[size].avatar)}>
      {user.profileImageUrl ? <AvatarImage src={user.profileImageUrl} alt="" /> : null}
      <AvatarFallback
        className={cn(
          'bg-gradient-to-br from-he to-she font-bold text-white',
          SIZES[size].initials,
        )}
      >
        {userInitials(user)}
      </AvatarFallback>
    </Avatar>
  );
}
