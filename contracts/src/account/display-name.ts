import { isForgottenEmail } from './forgotten-email';

/** What a deleted member's account is called wherever it is still named. */
export const DELETED_MEMBER = 'Deleted member';

/** The names an account has, as the admin's lists know them. */
export interface NamedAccount {
  username?: string | null | undefined;
  firstName?: string | null | undefined;
  lastName?: string | null | undefined;
  email?: string | null | undefined;
}

/** A user's display name in the admin's lists and the profile: username, else full name, else e-mail. */
export function displayNameOf(account: NamedAccount | undefined): string {
  if (!account) return 'Unknown user';
  if (account.email && isForgottenEmail(account.email)) return DELETED_MEMBER;
  const fullName = [account.firstName, account.lastName].filter(Boolean).join(' ');
  return account.username || fullName || account.email || 'Anonymous User';
}

/**
 * The name other members see beside a member's comments: username; else first name + '_' + first
 * letter of the last name (just the first name without a last name); else the e-mail's local
 * part (only admins are sent e-mails); else 'Anonymous'. Sign-up shows it before it is used.
 */
export function publicNameOf(account: NamedAccount): string {
  if (account.email && isForgottenEmail(account.email)) return DELETED_MEMBER;
  const username = account.username?.trim();
  if (username) return username;
  const first = account.firstName?.trim();
  if (first) {
    const initial = account.lastName?.trim().charAt(0);
    return initial ? `${first}_${initial}` : first;
  }
  const local = account.email?.split('@')[0]?.trim();
  return local || 'Anonymous';
}
