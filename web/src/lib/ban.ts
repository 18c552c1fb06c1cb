/**
 * A ban, as the member is told about it: when, and the admin's reason. The API's 403 says the
 * same sentence (BANNED_MESSAGE) as the note beside every control a ban disables.
 */
import type { CurrentUser } from '@whosright/contracts/account/dto';

export { BANNED_MESSAGE } from '@whosright/contracts/shared/constants';

export type Ban = NonNullable<CurrentUser['ban']>;

const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'long' });

/**
 * "Your account was banned on November 26, 2026. Reason: spam links." (no reason: the first
 * sentence only); `subject` replaces "Your account was banned" (the admin's list says "Banned").
 */
export function banSentence(ban: Ban | undefined, subject = 'Your account was banned'): string {
  const when = ban ? ` on ${dateFormat.format(new Date(ban.at))}` : '';
  const reason = ban?.reason?.trim();
  const stop = reason && !/[.!?]$/.test(reason) ? '.' : '';
  return `${subject}${when}.${reason ? ` Reason: ${reason}${stop}` : ''}`;
}

export function isBanned(user: Pick<CurrentUser, 'status'> | null | undefined): boolean {
  return user?.status === 'banned';
}
