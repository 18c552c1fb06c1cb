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

export function UserAvatar({
  user,
  className,
  fallbackClassName,
}: {
  user: Person;
  className?: string;
  /** The initials' size, for large avatars. */
  fallbackClassName?: string;
}) {
  return (
    <Avatar className={cn('size-9 ring-2 ring-background', className)}>
      {user.profileImageUrl ? <AvatarImage src={user.profileImageUrl} alt="" /> : null}
      <AvatarFallback
        className={cn(
          'bg-gradient-to-br from-he to-she text-xs font-bold text-white',
          fallbackClassName,
        )}
      >
        {userInitials(user)}
      </AvatarFallback>
    </Avatar>
  );
}
