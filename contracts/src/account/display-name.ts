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
  const fullName = [account.firstName, account.lastName].filter(Boolean).join(' ');
  return account.username || fullName || account.email || 'Anonymous User';
}
