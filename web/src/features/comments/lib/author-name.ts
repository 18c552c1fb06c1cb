import type { CommentAuthor } from '@whosright/contracts/comment/dto';

/**
 * A comment author's name: username; else first name + '_' + first letter of the last name (just
 * the first name without a last name); else the e-mail's local part (admins only get e-mails); else
 * 'Anonymous'.
 */
export function authorDisplayName(author: CommentAuthor): string {
  const username = author.username?.trim();
  if (username) return username;
  const first = author.firstName?.trim();
  if (first) {
    const initial = author.lastName?.trim().charAt(0);
    return initial ? `${first}_${initial}` : first;
  }
  const local = author.email?.split('@')[0]?.trim();
  return local || 'Anonymous';
}
