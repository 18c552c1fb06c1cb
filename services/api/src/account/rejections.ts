import {
  ACCOUNT_LEAVING_MESSAGE,
  BANNED_MESSAGE,
  INVALID_RESET_TOKEN_MESSAGE,
  INVALID_VERIFICATION_TOKEN_MESSAGE,
  USERNAME_TAKEN_MESSAGE,
} from '@whosright/contracts/account/dto';
import {
  RESERVED_FIRST_NAME_MESSAGE,
  RESERVED_USERNAME_MESSAGE,
} from '@whosright/contracts/account/reserved-names';
import { PROFILE_IMAGE_HOST_MESSAGE } from '@whosright/contracts/account/profile-image';
import { INVALID_DELETION_TOKEN_MESSAGE } from '@whosright/contracts/account/member-data-dto';
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  ValidationError,
} from '#api/platform/errors';
import type { Rejections } from '#api/write/rejection';
import type { UserRejection } from './decider';

export function emailTaken(): ConflictError {
  return new ConflictError('An account with this email already exists. Try signing in instead.');
}

export function usernameTaken(): ConflictError {
  return new ConflictError(USERNAME_TAKEN_MESSAGE);
}

/** A name others would read as the site or its staff (`admin`, `whos-right`, `deleted`). */
export function usernameReserved(): ConflictError {
  return new ConflictError(RESERVED_USERNAME_MESSAGE);
}

/** A picture every viewer's browser would fetch from this site or their own network. */
export function profileImageRefused(): ValidationError {
  return new ValidationError(PROFILE_IMAGE_HOST_MESSAGE, [
    { path: 'profileImageUrl', message: PROFILE_IMAGE_HOST_MESSAGE },
  ]);
}

export function reservedFirstName(): ConflictError {
  return new ConflictError(RESERVED_FIRST_NAME_MESSAGE);
}

export function lastAdminLeaving(): ConflictError {
  return new ConflictError(
    'You are the last admin: promote someone else to admin first, then delete your account.',
  );
}

/** What a client sees when an account command is refused. */
export const accountRejections: Rejections<UserRejection> = {
  already_registered: emailTaken,
  unknown_user: () => new NotFoundError('User not found'),
  no_password: () => new ValidationError('This account signs in with an external provider'),
  invalid_reset_token: () => new ValidationError(INVALID_RESET_TOKEN_MESSAGE),
  invalid_verification_token: () => new ValidationError(INVALID_VERIFICATION_TOKEN_MESSAGE),
  banned: () => new ForbiddenError(BANNED_MESSAGE, 'banned'),
  leaving: () => new ForbiddenError(ACCOUNT_LEAVING_MESSAGE, 'account_deleted'),
  author_gone: () => new NotFoundError('Its author has deleted their account'),
  member_not_found: () => new NotFoundError('Member not found'),
  cannot_ban_self: () => new ConflictError('You cannot ban yourself.'),
  cannot_demote_self: () => new ConflictError('You cannot demote yourself.'),
  demote_before_ban: () => new ConflictError('This user is an admin: demote them before banning.'),
  last_admin: () => new ConflictError('This is the last admin: promote someone else first.'),
  last_admin_leaving: lastAdminLeaving,
  listed_in_admin_emails: () =>
    new ConflictError(
      'This admin is listed in ADMIN_EMAILS, which would promote them again: remove them from the list first.',
    ),
  invalid_deletion_token: () => new ValidationError(INVALID_DELETION_TOKEN_MESSAGE),
};
